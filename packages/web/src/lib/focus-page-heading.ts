import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

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
 * A ref for an element that may leave the page while the focus is in it: once it has gone, `moveFocus`
 * puts the focus where the reader goes on from, unless something took it meanwhile.
 */
export function useFocusMovesWhenGone<T extends HTMLElement>(moveFocus: () => void) {
  const element = useRef<T>(null);
  const move = useRef(moveFocus);
  useLayoutEffect(() => {
    move.current = moveFocus;
  });
  useLayoutEffect(() => {
    const node = element.current;
    // A layout effect's clean-up runs before the element leaves the document, while it still holds
    // the focus; the focus moves once it has gone (the microtask), if it fell to the page.
    return () => {
      if (!node?.contains(document.activeElement)) return;
      queueMicrotask(() => {
        if (document.activeElement && document.activeElement !== document.body) return; // taken meanwhile
        move.current();
      });
    };
  }, []);
  return element;
}

/**
 * A ref for an element that may leave the page while the focus is in it (a failure panel replaced by
 * the content it stood for, a card that left its list): the page's heading then takes the focus.
 */
export const useHeadingTakesFocusWhenGone = <T extends HTMLElement>() =>
  useFocusMovesWhenGone<T>(focusPageHeading);

/**
 * The navigation state of a page opened by a control that went with the page it was on (the
 * catalogue's "Start Learning", which enrols and then opens the course): that page's heading takes the
 * focus once it is drawn (`useHeadingTakesFocusOnArrival`). Other navigations leave the focus at the
 * document's start (decision 129), and Back or Forward return it to where it was (decision 139).
 */
export const HEADING_TAKES_FOCUS = { headingTakesFocus: true } as const;

const asksForHeading = (state: unknown) =>
  typeof state === 'object' && state !== null && 'headingTakesFocus' in state;

/**
 * Gives the page's heading the focus once `drawn` (a page that loads after the navigation: its
 * heading is the loaded one), when the page was opened with `HEADING_TAKES_FOCUS`: only by that push,
 * not by Back, Forward or a reload, which find the same state in the history entry.
 */
export function useHeadingTakesFocusOnArrival(drawn: boolean): void {
  const location = useLocation();
  const asked = useNavigationType() === NavigationType.Push && asksForHeading(location.state);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!asked || !drawn || done.current === location.key) return;
    done.current = location.key; // once: the page drawn again (a refetch) leaves the focus where it is
    focusPageHeading();
  }, [asked, drawn, location.key]);
}
