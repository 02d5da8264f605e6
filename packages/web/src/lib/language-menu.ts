import type { Language } from '@app/shared';
import { storeLanguage } from '../i18n/i18n.ts';

/** Stores the choice and reloads: the server sends the page prerendered in the language the cookie now names. */
export function reloadInLanguage(language: Language) {
  storeLanguage(language);
  window.location.reload();
}

/**
 * The behaviour of the language menu (components/language-toggle.tsx renders its markup): a button
 * and a `role="menu"` of `menuitemradio` buttons. Opens on the current language, closes on Escape,
 * Tab or a press outside, arrow keys/Home/End move, a choice calls `choose`. Plain DOM, no React
 * (decision 034, 037): the static landing page and the not-yet-hydrated prerendered pages run it
 * with `choose` = store and reload; the app runs it from an effect with `choose` = switch in place.
 */
export function languageMenu(menu: HTMLElement, signal: AbortSignal, choose: (language: Language) => void) {
  const button = menu.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
  const list = menu.querySelector<HTMLElement>('[role="menu"]')!;
  const items = () => [...list.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
  const setOpen = (open: boolean, focusButton = false) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) (items().find((item) => item.ariaChecked === 'true') ?? items()[0])?.focus();
    else if (focusButton) button.focus();
  };
  button.addEventListener('click', () => setOpen(list.hidden), { signal });
  list.addEventListener(
    'keydown',
    (event) => {
      const all = items();
      const index = all.indexOf(document.activeElement as HTMLButtonElement);
      const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (move) all.at((index + move) % all.length)?.focus();
      else if (event.key === 'Home') all[0]?.focus();
      else if (event.key === 'End') all.at(-1)?.focus();
      else if (event.key === 'Escape') setOpen(false, true);
      else if (event.key === 'Tab') setOpen(false);
      else return;
      // Escape closes the menu only, not a dialog around it.
      event.preventDefault();
      event.stopPropagation();
    },
    { signal },
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!list.hidden && !menu.contains(event.target as Node)) setOpen(false);
    },
    { signal },
  );
  list.addEventListener(
    'click',
    (event) => {
      const item = (event.target as Element).closest<HTMLButtonElement>('[role="menuitemradio"]');
      if (!item) return;
      setOpen(false, true);
      const language = item.dataset.language as Language;
      if (language !== document.documentElement.lang) choose(language);
    },
    { signal },
  );
}
