import { storedLanguage } from '../../i18n/i18n.ts';
import { enhanceLanding } from './enhance.ts';

/**
 * The only script of the prerendered landing page (decision 034; scripts/prerender.mjs puts it in
 * place of the app's entry). The server chose the page's language from `?lang=`, else the `language`
 * cookie (decision 117); when the stored choice says otherwise (set before the cookie existed), the
 * cookie is brought in step and the page fetched again in the right language.
 */
const language = storedLanguage();
if (document.documentElement.lang !== language && document.cookie.includes(`language=${language}`))
  window.location.reload();
else enhanceLanding();
