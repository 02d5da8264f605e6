import { useEffect, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import toast, { useToaster } from 'react-hot-toast';
import { describeControl, findControl, type ControlTarget } from '../lib/focus-return.ts';

/** Marks a toast's close button with the toast's id, so the focus can be told to be in that toast. */
export const TOAST_ID = 'data-toast-id';

/**
 * The key that brings the focus to the newest toast, from anywhere on the page (decision 150): Radix's
 * convention, and the toaster's region is named with it.
 */
const TOASTS_KEY = 'F8';

/** Focus moving between two places inside the toaster (the handlers are on the element around it). */
const movesInside = (event: FocusEvent) => event.currentTarget.contains(event.relatedTarget);

/**
 * Where the focus came from, as a place to give it back to: an item of a menu stands for the menu's
 * button (named by the menu's `aria-labelledby`, as Radix's are), since the menu closes as the focus
 * leaves it (decision 155) and its items are gone when the toast gives the focus back.
 */
function returnPlace(from: EventTarget | null): Element | null {
  if (!(from instanceof Element) || from === document.body) return null;
  const button = from.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (button && document.getElementById(button)) || from;
}

/**
 * Keyboard readers and toasts (decision 145). A toast a reader has tabbed to waits while the focus is in
 * it, as it waits while a pointer is over it; and when the toast holding the focus leaves (its close
 * button, or newer toasts pushing it out), the focus goes back to where it was before it entered the
 * toaster, instead of to the top of the document with the toast's node. Where that control has been
 * drawn anew meanwhile (a card's "Enrol" became its "Start Learning"), to the control drawn in its
 * place, found as Back finds it (`focus-return.ts`); only with nothing in its place is the focus let go.
 *
 * The pause is the toaster's own (`startPause`/`endPause`, one per store). The `Toaster` calls them on
 * pointer enter and leave and knows nothing of focus, and a start while paused drops the time already
 * paused; so a pointer coming in while the focus is there ends the focus's pause first, and one leaving
 * starts it again. (This second `useToaster` also keeps timers that dismiss each toast when it is due,
 * as the `Toaster`'s do: dismissing twice is nothing.)
 *
 * A toast goes after a few seconds, and Tab reaches it only after every control of the page: so F8
 * takes the focus to the newest toast shown, which then waits, and Escape in a toast closes it (the
 * focus goes back as above). Over a modal, the toasts are drawn inside it (decision 152); an open
 * menu lets the focus go and closes (decision 155).
 */
export function useToastFocus() {
  const { toasts, handlers } = useToaster();
  const cameFrom = useRef<{ element: Element; control: ControlTarget } | null>(null);
  const within = useRef({ focus: false, pointer: false });
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = document.activeElement;
    const id = active?.getAttribute(TOAST_ID);
    if (!active || !id || toasts.some((item) => item.id === id && item.visible)) return;
    const from = cameFrom.current;
    const back = from && (from.element.isConnected ? from.element : findControl(from.control));
    if (back instanceof HTMLElement) back.focus();
    else (active as HTMLElement).blur();
  }, [toasts]);

  // The toasts as last drawn, for the key's listener: set before the browser paints them, so a key
  // pressed once a toast shows finds it (a listener made again after each change could miss it).
  const drawn = useRef(toasts);
  useLayoutEffect(() => {
    drawn.current = toasts;
  });
  useEffect(() => {
    const reach = (event: globalThis.KeyboardEvent) => {
      if (event.key !== TOASTS_KEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
        return;
      const newest = drawn.current.find((item) => item.visible);
      const close =
        newest && region.current?.querySelector<HTMLElement>(`[${TOAST_ID}="${CSS.escape(newest.id)}"]`);
      if (!close) return;
      event.preventDefault();
      close.focus();
    };
    document.addEventListener('keydown', reach);
    return () => document.removeEventListener('keydown', reach);
  }, []);

  return {
    ref: region,
    onKeyDown(event: KeyboardEvent) {
      const id = event.target instanceof Element && event.target.getAttribute(TOAST_ID);
      if (event.key !== 'Escape' || !id) return;
      event.preventDefault();
      toast.dismiss(id);
    },
    onFocus(event: FocusEvent) {
      if (movesInside(event)) return;
      const from = returnPlace(event.relatedTarget);
      cameFrom.current = from && { element: from, control: describeControl(from) };
      within.current.focus = true;
      if (!within.current.pointer) handlers.startPause();
    },
    onBlur(event: FocusEvent) {
      if (movesInside(event)) return;
      within.current.focus = false;
      if (!within.current.pointer) handlers.endPause();
    },
    // React calls enter handlers from the outside in and leave handlers from the inside out: these run
    // before the `Toaster`'s start and after its end.
    onMouseEnter() {
      within.current.pointer = true;
      if (within.current.focus) handlers.endPause();
    },
    onMouseLeave() {
      within.current.pointer = false;
      if (within.current.focus) handlers.startPause();
    },
  };
}
