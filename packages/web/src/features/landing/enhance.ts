import { keepFocusBelow } from '../../lib/keep-focus-below.ts';
import { languageMenu, reloadInLanguage } from '../../lib/language-menu.ts';

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
  for (const menu of root.querySelectorAll<HTMLElement>('[data-language-menu]'))
    languageMenu(menu, signal, reloadInLanguage);
  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[data-sidebar]'))
    sidebar(root, dialog, signal);
  for (const list of root.querySelectorAll<HTMLElement>('[role="tablist"]')) tabs(list, signal);
  for (const wrapper of root.querySelectorAll<HTMLElement>('[data-tooltip]')) tooltip(wrapper, signal);
  // Its header is sticky too (landing-header.tsx), above a tab panel taller than the room below it.
  const header = root.querySelector('header');
  if (header) signal.addEventListener('abort', keepFocusBelow(header));
  return () => controller.abort();
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
