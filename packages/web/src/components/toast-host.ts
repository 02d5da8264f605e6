import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * Where the toasts are drawn (decision 152): inside the topmost open modal, else in the page. A modal
 * traps the focus (Radix), so toasts drawn outside it could not be reached by F8 or Tab, nor paused
 * from the keyboard, while it was open; drawn inside it they are part of it.
 */
const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * A modal's ref for an element inside it that holds the toasts while it is open (React 19 calls the
 * cleanup it returns when the element goes). Module-level, so React keeps it across renders.
 */
export function holdToasts(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  hosts.push(element);
  changed();
  return () => {
    const at = hosts.lastIndexOf(element);
    if (at >= 0) hosts.splice(at, 1);
    changed();
  };
}

const noChange = () => () => {};

/**
 * Where a modal's toasts start, in px from the window's top: below its header (decision 207; an alert
 * dialog's below its whole box, `toastsTop`). Drawn at the top of the window they covered a phone's
 * modal title and its Close button. The header is the first element of the panel `holdToasts` is in
 * (components/ui/modal.tsx).
 */
const belowHeader = (host: HTMLElement) =>
  Math.round(host.parentElement?.firstElementChild?.getBoundingClientRect().bottom ?? 0);

/** Room kept for a toast at the window's foot, when an alert dialog reaches down to it. */
const TOAST_ROOM = 96;

/**
 * An alert dialog (a confirmation, role=alertdialog) is short and its words are the point: below its
 * header a toast covered its explanation ("Leave without saving?" at 375 px). Its toasts start below
 * the whole box, or at the window's foot when the box reaches down there.
 */
const toastsTop = (host: HTMLElement) => {
  const panel = host.parentElement;
  if (panel?.getAttribute('role') !== 'alertdialog') return belowHeader(host);
  return Math.round(Math.min(panel.getBoundingClientRect().bottom, window.innerHeight - TOAST_ROOM));
};

/**
 * Moved into a modal or back, the toasts shown would run their entrance again (a browser starts an
 * element's CSS animations anew when it is inserted): each slid down from above its place, and below an
 * alert dialog that is across the dialog's buttons, where a tap landed on the toast instead of "Revoke
 * approval" (CI's review journey). They are put where their entrance ends; a toast shown later in the
 * modal still slides in. An endless animation (a loading toast's spinner) cannot be finished, nor needs to.
 */
function settle(element: HTMLElement) {
  if (typeof element.getAnimations !== 'function') return; // jsdom
  for (const animation of element.getAnimations({ subtree: true }))
    if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
}

/** The CSS variable the toaster's top is read from (`Toasts`); unset, it keeps its own place. */
export const TOASTS_TOP = '--toasts-top';

/**
 * The element the toaster is drawn into (`createPortal`), and `home`, the page's place for it. While a
 * modal holds it, the element says where the toasts start (`TOASTS_TOP`). The
 * element is moved between the page and the modals, never drawn anew: react-hot-toast's store forgets
 * a subscriber other than the one leaving when one unmounts (the first of its toaster's), which would
 * leave the announcer or the F8 key deaf after a modal. Null until hydrated: the server draws no toaster
 * (a portal cannot be drawn there), and the first render in the browser must match it.
 */
export function useToastContainer() {
  const home = useRef<HTMLDivElement>(null);
  const [element] = useState(() => (typeof document === 'undefined' ? null : document.createElement('div')));
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const host = useSyncExternalStore(
    subscribe,
    () => hosts.at(-1) ?? null,
    () => null,
  );
  useLayoutEffect(() => {
    const place = host ?? home.current;
    if (hydrated && element && place && element.parentElement !== place) {
      place.appendChild(element);
      settle(element);
    }
    if (!element) return;
    if (!host) {
      element.style.removeProperty(TOASTS_TOP);
      return;
    }
    const measure = () => element.style.setProperty(TOASTS_TOP, `${toastsTop(host) + 8}px`);
    measure();
    // Again when the window turns (a title wraps onto more lines, or fewer; an alert dialog's room at
    // the foot changes), and when the header or the panel changes size by itself: a web font arriving
    // late, a title wrapping otherwise after a language switch. jsdom has no ResizeObserver.
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const panel = host.parentElement;
    if (observer && panel) {
      observer.observe(panel);
      if (panel.firstElementChild) observer.observe(panel.firstElementChild);
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [element, host, hydrated]);
  useLayoutEffect(() => () => element?.remove(), [element]);
  return { home, container: hydrated ? element : null };
}
