import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * Marks an element (a course card) as one thing the reader may come back to: focus that was inside it
 * returns inside it, to the same control if it is still there, else to its first control (a card's
 * "Start Learning" becomes a link once the learner has enrolled).
 */
export const FOCUS_RETURN = 'data-focus-return';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';
/** How long a page being drawn after Back may take before we stop waiting for the control. */
const WAIT_MS = 5_000;

/** A control as found again after its page is drawn anew (`describeControl`, `findControl`). */
export interface ControlTarget {
  /** The `FOCUS_RETURN` value of the marked element the control was in, if any. */
  scope: string | null;
  tag: string;
  signature: string;
  /** Which of the controls with that signature (in the scope) it was. */
  index: number;
}

/** A control's identity that survives the page being drawn again: not the node, what it says and does. */
const signature = (element: Element) =>
  [
    ...['href', 'aria-label', 'name', 'type', 'placeholder', 'role'].map((name) =>
      element.getAttribute(name),
    ),
    element.textContent?.trim().slice(0, 200),
  ].join('\u0001');

function sameControls(root: ParentNode, tag: string, wanted: string): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(tag)].filter((element) => signature(element) === wanted);
}

/** What identifies a control across redraws: where it is (its marked scope) and what it says and does. */
export function describeControl(element: Element): ControlTarget {
  const scope = element.closest(`[${FOCUS_RETURN}]`);
  const tag = element.tagName.toLowerCase();
  const wanted = signature(element);
  return {
    scope: scope?.getAttribute(FOCUS_RETURN) ?? null,
    tag,
    signature: wanted,
    index: sameControls(scope ?? document, tag, wanted).indexOf(element as HTMLElement),
  };
}

/**
 * The control `target` describes, as drawn now: the same control, else (inside a marked scope still
 * there) that scope's first control; null when neither is on the page.
 */
export function findControl(target: ControlTarget): HTMLElement | null {
  const scope =
    target.scope === null
      ? document
      : document.querySelector(`[${FOCUS_RETURN}="${CSS.escape(target.scope)}"]`);
  if (!scope) return null;
  const same = sameControls(scope, target.tag, target.signature)[target.index];
  if (same) return same;
  return target.scope === null ? null : scope.querySelector<HTMLElement>(FOCUSABLE);
}

/** Where the focus last was on each history entry (by the router's key); a reload starts afresh. */
const lastFocus = new Map<string, ControlTarget>();

/**
 * Back (and Forward) return the keyboard focus to the control that had it on that page, as
 * `ScrollRestoration` returns the scroll position (decision 139); it was left at the top of the
 * document, so a keyboard reader tabbed through the whole header again to reach the course they came
 * from. Only when the page has not put the focus somewhere itself, and only for a few seconds and
 * until the reader does something: a page still loading may draw the control later.
 */
export function useFocusReturn() {
  const location = useLocation();
  const navigation = useNavigationType();
  const entry = useRef(location.key);

  useEffect(() => {
    const record = (event: FocusEvent) => {
      if (event.target instanceof Element && event.target !== document.body) {
        lastFocus.set(entry.current, describeControl(event.target));
      }
    };
    document.addEventListener('focusin', record);
    return () => document.removeEventListener('focusin', record);
  }, []);

  // Before any page's effects run, which may move the focus on the new entry.
  useLayoutEffect(() => {
    entry.current = location.key;
  }, [location.key]);

  useEffect(() => {
    const target = lastFocus.get(location.key);
    if (navigation !== NavigationType.Pop || !target) return;
    let placed: HTMLElement | null = null;
    // Until the reader acts, the page is drawn again as its data arrives: a control we focused may be
    // replaced (a card's button by its link once the fresh list says "enrolled"), so we place it again.
    const place = () => {
      const active = document.activeElement;
      if (active && active !== document.body && active !== placed) return stop(); // the page chose
      if (placed?.isConnected) return;
      placed = findControl(target);
      placed?.focus({ preventScroll: true }); // the scroll is ScrollRestoration's
    };
    const observer = new MutationObserver(place);
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      removeEventListener('keydown', stop, true);
      removeEventListener('pointerdown', stop, true);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    addEventListener('keydown', stop, true);
    addEventListener('pointerdown', stop, true);
    place();
    return stop;
  }, [location.key, navigation]);
}
