import type { Language } from '@app/shared';
import { storeLanguage } from '../i18n/i18n.ts';
import { menuButton } from './menu.ts';
import { getToken, STORAGE } from './session-storage.ts';
import { localStore } from './browser-storage.ts';

/**
 * The language menu's behaviour (components/language-toggle.tsx renders its markup): a menu button
 * whose `menuitemradio`s name a language in `data-language`; choosing another calls `choose`. The
 * static landing page and the not-yet-hydrated prerendered pages choose with reloadInLanguage; the
 * app, from an effect, switches in place.
 */
export function languageMenu(menu: HTMLElement, signal: AbortSignal, choose: (language: Language) => void) {
  menuButton(menu, signal, (item) => {
    const language = item.dataset.language as Language;
    if (language !== document.documentElement.lang) choose(language);
  });
}

/**
 * Stores the choice and reloads: the server sends the page prerendered in the language the cookie now
 * names. These pages carry no account code; a signed-in reader's account is told on their next
 * signed-in screen (app/guards.ts, decision 137).
 */
export function reloadInLanguage(language: Language) {
  storeLanguage(language);
  if (getToken()) localStore.setItem(STORAGE.languageUnsaved, language);
  window.location.reload();
}
