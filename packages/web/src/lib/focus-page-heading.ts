import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus to the page's heading when a control that had it has gone (a panel replaced by what
 * it stood for, a card that left its list): where what replaced it begins, instead of the top of the
 * document. Nothing when the focus has been put somewhere meanwhile.
 */
export function focusPageHeading(): void {
  if (document.activeElement && document.activeElement !== document.body) return; // taken meanwhile
  // The main content's heading; a selector list would take whichever `h1` comes first in the page.
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1; // focusable by code, not in the Tab order
  heading.focus();
}

/**
 * A ref for an element that may leave the page while the focus is in it (a failure panel replaced by
 * the content it stood for, a card that left its list): the page's heading then takes the focus.
 */
export function useHeadingTakesFocusWhenGone<T extends HTMLElement>() {
  const element = useRef<T>(null);
  useLayoutEffect(() => {
    const node = element.current;
    // A layout effect's clean-up runs before the element leaves the document, while it still holds
    // the focus; the heading takes it once it has gone (the microtask).
    return () => {
      if (node?.contains(document.activeElement)) queueMicrotask(focusPageHeading);
    };
  }, []);
  return element;
}
