import { msg } from '@lingui/core/macro';

/**
 * What the site is, for search results and link previews of the prerendered pages (their
 * `<meta name="description">` and Open Graph tags, scripts/prerender.mjs): in each page's language,
 * so an Arabic page is not described in English.
 */
export const SITE_DESCRIPTION = msg`Open Science courses in English and Arabic: open source, open licences and open hardware, learned with a community.`;
