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
