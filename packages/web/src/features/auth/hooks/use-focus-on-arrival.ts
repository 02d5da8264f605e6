import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const subscribeToNothing = () => () => {};

/**
 * A ref for what an auth screen starts from (its first field, or its heading when it replaced a form
 * in place): the element takes the focus as the screen appears, so a keyboard or screen-reader user
 * goes on from there instead of from the top of the document. A callback, so that a form field's own
 * ref (react-hook-form's) can hand it the element too.
 *
 * Not on a prerendered page the app adopts (hydrates, decision 022): the app arrives there because the
 * reader already acts on the page (decision 053), and the browser's own behaviour stands — the focus
 * where they put it, or at the document's start. A screen the app draws itself, after a link in the
 * app or on a load it renders from scratch (a query, another language, a stored reset request), takes
 * it at once, as `autofocus` would. Nothing when the focus has been put somewhere meanwhile.
 */
export function useFocusOnArrival<T extends HTMLElement>(when = true) {
  const element = useRef<T | null>(null);
  // React renders a hydrated tree with the server's snapshot first: true only in the adopted markup.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const adopted = useRef(hydrating); // as it was when the element appeared
  useEffect(() => {
    if (!when || adopted.current) return;
    if (document.activeElement && document.activeElement !== document.body) return; // taken meanwhile
    element.current?.focus();
  }, [when]);
  return useCallback((node: T | null) => {
    element.current = node;
  }, []);
}

/** A registered field (react-hook-form's `register`) whose element is also handed to `ref`. */
export const alsoTo = <T extends HTMLElement>(
  field: UseFormRegisterReturn,
  ref: (element: T | null) => void,
): UseFormRegisterReturn => ({
  ...field,
  ref: (element: T | null) => {
    field.ref(element);
    ref(element);
  },
});
