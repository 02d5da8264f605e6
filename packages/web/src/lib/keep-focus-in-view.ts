import { afterKeyboardFocus } from './keep-focus-below.ts';

/**
 * Keeps the keyboard focus in sight inside a modal (components/ui/modal.tsx). Radix's focus trap moves
 * it without scrolling (`preventScroll`) when Tab goes round from the last control to the first, or
 * Shift+Tab from the first to the last (radix-ui/primitives#3227): in a modal taller than the window
 * the control it reached stayed scrolled away in the modal's scrolling box, and the reader saw no
 * focus at all. As for the page's sticky header (keep-focus-below.ts), once the browser has scrolled
 * (or not), a hit test decides: when the focused element is not what is drawn at the middle of its
 * (first) box, brought within the window, it is scrolled out of its box or lies under the modal's
 * sticky actions, and it is scrolled into view, as little as needed, in every box it scrolls in (their
 * scroll padding keeps it clear of the sticky actions). What is in sight is left alone. Returns a
 * function that stops it.
 */
export function keepFocusInView(content: HTMLElement): () => void {
  return afterKeyboardFocus(content, (focused) => {
    // Its first box: the middle of a link's whole box, wrapped over two lines, may be bare paper.
    const box = focused.getClientRects()[0];
    if (!box) return;
    const { top, bottom, left, right } = box;
    const x = Math.min(Math.max((left + right) / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max((top + bottom) / 2, 0), window.innerHeight - 1);
    if (focused.contains(document.elementFromPoint(x, y))) return;
    focused.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  });
}
