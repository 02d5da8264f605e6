/**
 * Kept apart from components/sticky-header.tsx, which calls it, so that the static landing page
 * (features/landing/enhance.ts) calls it too without loading React (decision 034).
 *
 * The scroll padding is not enough on its own: Chromium does not scroll a focused element that is
 * partly in view and taller than the room below the header (a tab panel at 320 px), so one that
 * Shift+Tab reaches from below keeps its start under the header. Once the browser has scrolled (the
 * next frame, before it is drawn), such an element is scrolled down to where the scroll padding puts
 * what the browser scrolls itself; what the browser placed right is left alone. Only keyboard focus:
 * a click on a long panel must not move the text under the pointer. Without animation, as the
 * browser's own. Returns a function that stops it.
 */
export function keepFocusBelow(header: HTMLElement): () => void {
  let frame = 0;
  const onFocusIn = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || header.contains(focused) || !focused.matches(':focus-visible'))
        return;
      // Whether the header is what is drawn at the element's start: not when that start is below it,
      // nor under a dialog drawn over the header, nor when the header scrolls away with the page in a
      // short window (`short:static`).
      const { top, left, right } = focused.getBoundingClientRect();
      const x = (Math.max(left, 0) + Math.min(right, window.innerWidth)) / 2;
      if (!header.contains(document.elementFromPoint(x, Math.max(top, 0)))) return;
      const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
      window.scrollBy({ top: top - padding, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('focusin', onFocusIn);
  };
}
