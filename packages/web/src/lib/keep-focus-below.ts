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
  return afterKeyboardFocus(document, (focused) => {
    if (header.contains(focused)) return;
    // Whether the header is what is drawn at the element's start: not when that start is below it,
    // nor under a dialog drawn over the header, nor when the header scrolls away with the page in a
    // short window (`short:static`).
    const { top, left, right } = focused.getBoundingClientRect();
    const x = (Math.max(left, 0) + Math.min(right, window.innerWidth)) / 2;
    if (!header.contains(document.elementFromPoint(x, Math.max(top, 0)))) return;
    // The scroll padding follows the header's height through StickyHeader's ResizeObserver, which
    // reports after this frame's layout: a header that grew within this frame (the viewer's ⋮ panel
    // opened just before the key) is taller than the padding says, so its own bottom counts too.
    const padding = Math.max(
      parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      header.getBoundingClientRect().bottom,
    );
    window.scrollBy({ top: top - padding, behavior: 'instant' });
  });
}

/**
 * Calls `check` with the element that keyboard focus has moved to inside `root`, one frame after the
 * move: after the browser's own scrolling, which comes after `focusin`, and before the frame is drawn.
 * Keyboard focus is `:focus-visible` since the last key, not since a press: a text field matches
 * `:focus-visible` however it is focused, and a click in one must not move it from under the pointer.
 * Also for the modals (keep-focus-in-view.ts). Returns a function that stops it.
 */
export function afterKeyboardFocus(
  root: Document | HTMLElement,
  check: (focused: HTMLElement) => void,
): () => void {
  let frame = 0;
  let pressed = false;
  const onPress = () => void (pressed = true);
  const onKey = () => void (pressed = false);
  const onFocusIn = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (
        !pressed &&
        focused instanceof HTMLElement &&
        root.contains(focused) &&
        focused.matches(':focus-visible')
      )
        check(focused);
    });
  };
  root.addEventListener('pointerdown', onPress, true);
  root.addEventListener('keydown', onKey, true);
  root.addEventListener('focusin', onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    root.removeEventListener('pointerdown', onPress, true);
    root.removeEventListener('keydown', onKey, true);
    root.removeEventListener('focusin', onFocusIn);
  };
}
