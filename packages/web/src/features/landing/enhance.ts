import type { Language } from '@app/shared';
import { storeLanguage } from '../../i18n/i18n.ts';

/**
 * The landing page's few interactive parts, without React (decision 034): the page is static HTML
 * prerendered per language, and this is all the JavaScript it runs — the language menus, the
 * sidebar (a native `<dialog>`), the About tabs and the 'Coming Soon' tooltips. The React landing
 * route (a client-side visit to `/`) calls it too, so there is one implementation of each.
 * Returns a function that removes every listener.
 */
export function enhanceLanding(root: ParentNode = document): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  for (const menu of root.querySelectorAll<HTMLElement>('[data-language-menu]')) languageMenu(menu, signal);
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[data-sidebar]'))
    sidebar(root, dialog, signal);
  for (const list of root.querySelectorAll<HTMLElement>('[role="tablist"]')) tabs(list, signal);
  for (const wrapper of root.querySelectorAll<HTMLElement>('[data-tooltip]')) tooltip(wrapper, signal);
  return () => controller.abort();
}

/** A button and its menu of languages; choosing one stores it and reloads that language's page. */
function languageMenu(menu: HTMLElement, signal: AbortSignal) {
  const button = menu.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
  const list = menu.querySelector<HTMLElement>('[role="menu"]')!;
  const items = [...list.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')];
  const setOpen = (open: boolean, focusButton = false) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) (items.find((item) => item.ariaChecked === 'true') ?? items[0])?.focus();
    else if (focusButton) button.focus();
  };
  button.addEventListener('click', () => setOpen(list.hidden), { signal });
  list.addEventListener(
    'keydown',
    (event) => {
      const index = items.indexOf(document.activeElement as HTMLButtonElement);
      const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (move) items.at((index + move) % items.length)?.focus();
      else if (event.key === 'Home') items[0]?.focus();
      else if (event.key === 'End') items.at(-1)?.focus();
      else if (event.key === 'Escape') setOpen(false, true);
      else if (event.key === 'Tab') setOpen(false);
      else return;
      // Escape closes the menu only, not the sidebar dialog around it.
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
  for (const item of items)
    item.addEventListener(
      'click',
      () => {
        const language = item.dataset.language as Language;
        setOpen(false, true);
        if (language === document.documentElement.lang) return;
        storeLanguage(language);
        // The server sends the page prerendered in the language the cookie now names.
        window.location.reload();
      },
      { signal },
    );
}

/** The narrow-screen sidebar: a modal dialog (focus kept inside, Escape closes it natively). */
function sidebar(root: ParentNode, dialog: HTMLDialogElement, signal: AbortSignal) {
  for (const opener of root.querySelectorAll(`[aria-controls="${dialog.id}"]`))
    opener.addEventListener('click', () => dialog.showModal(), { signal });
  dialog.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const box = dialog.getBoundingClientRect();
      const outside =
        event.clientX < box.left ||
        event.clientX > box.right ||
        event.clientY < box.top ||
        event.clientY > box.bottom;
      // The close button, a link (to a section of this page, or away) and the backdrop close it.
      if (target.closest('[data-close], a') || (target === dialog && outside)) dialog.close();
    },
    { signal },
  );
  // The sidebar only exists below 1030 px: widening the window closes it.
  const wide = window.matchMedia('(min-width: 1030px)');
  wide.addEventListener('change', () => wide.matches && dialog.close(), { signal });
}

/** Tabs: a click or the arrow keys (mirrored right-to-left), Home and End select a tab. */
function tabs(list: HTMLElement, signal: AbortSignal) {
  const all = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: HTMLButtonElement) => {
    for (const other of all) {
      const active = other === tab;
      other.setAttribute('aria-selected', String(active));
      other.dataset.state = active ? 'active' : 'inactive';
      other.tabIndex = active ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')!)!.hidden = !active;
    }
    tab.focus();
  };
  for (const tab of all) tab.addEventListener('click', () => select(tab), { signal });
  list.addEventListener(
    'keydown',
    (event) => {
      const index = all.indexOf(document.activeElement as HTMLButtonElement);
      const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
      const next =
        event.key === forward
          ? all[(index + 1) % all.length]
          : event.key === backward
            ? all.at(index - 1)
            : event.key === 'Home'
              ? all[0]
              : event.key === 'End'
                ? all.at(-1)
                : undefined;
      if (!next) return;
      event.preventDefault();
      select(next);
    },
    { signal },
  );
}

/** CSS shows the tooltip on hover and focus; Escape hides it until the pointer or focus leaves. */
function tooltip(wrapper: HTMLElement, signal: AbortSignal) {
  const tip = wrapper.querySelector<HTMLElement>('[role="tooltip"]')!;
  wrapper.addEventListener('keydown', (event) => event.key === 'Escape' && (tip.hidden = true), { signal });
  for (const type of ['mouseleave', 'focusout'])
    wrapper.addEventListener(type, () => (tip.hidden = false), { signal });
}
