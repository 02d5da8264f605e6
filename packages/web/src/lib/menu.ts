import { nextTabbable } from './tab-order.ts';

/**
 * A menu button without a library (decisions 034, 037): `container` holds a button with
 * `aria-haspopup="menu"` and a `role="menu"` element of `menuitem`/`menuitemradio` buttons. Opens on
 * the checked item (else the first), closes on Escape, Tab (going on from the button: decision 165),
 * a press outside or a choice; arrow keys, Home and End move. `select` gets the chosen item (its own
 * click handlers run too). Plain DOM, so it works on a prerendered page before React hydrates it, and
 * React runs it from an effect after.
 */
export function menuButton(container: HTMLElement, signal: AbortSignal, select: (item: HTMLElement) => void) {
  const button = container.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
  const list = container.querySelector<HTMLElement>('[role="menu"]')!;
  const items = () => [...list.querySelectorAll<HTMLElement>('[role^="menuitem"]')];
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
      const index = all.indexOf(document.activeElement as HTMLElement);
      const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (move) all.at((index + move) % all.length)?.focus();
      else if (event.key === 'Home') all[0]?.focus();
      else if (event.key === 'End') all.at(-1)?.focus();
      else if (event.key === 'Escape') setOpen(false, true);
      else if (event.key === 'Tab') {
        // On from the button, as if the menu were not there; hidden with the focus in it, the menu
        // would leave the focus to the page (decision 165).
        setOpen(false);
        (event.shiftKey ? button : (nextTabbable(button) ?? button)).focus();
      } else return;
      // Escape closes the menu only, not a dialog around it.
      event.preventDefault();
      event.stopPropagation();
    },
    { signal },
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!list.hidden && !container.contains(event.target as Node)) setOpen(false);
    },
    { signal },
  );
  list.addEventListener(
    'click',
    (event) => {
      const item = (event.target as Element).closest<HTMLElement>('[role^="menuitem"]');
      if (!item) return;
      setOpen(false, true);
      select(item);
    },
    { signal },
  );
}
