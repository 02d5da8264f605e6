import { useEffect, useRef, type HTMLAttributes } from 'react';
import { keepFocusBelow } from '../lib/keep-focus-below.ts';

/** The custom property on the root that styles.css's `scroll-padding-top` reads: the header's height. */
export const STICKY_HEADER_HEIGHT = '--sticky-header-height';

/**
 * The app's sticky header, the boards' bar and the viewer's. How tall it is depends on the width, the
 * language, the text size and what it shows (the boards' search box on a row of its own, a third row
 * at 320 px; the viewer's open panel), so it measures itself: whatever Tab or a link scrolls into view
 * then stops below it, never under it (WCAG 2.2 "Focus not obscured"). A ResizeObserver reports every
 * change after layout, without the page reading sizes itself.
 */
export function StickyHeader({ children, ...rest }: HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize[0];
      if (size) root.setProperty(STICKY_HEADER_HEIGHT, `${size.blockSize}px`);
    });
    observer.observe(header, { box: 'border-box' });
    const stopKeepingFocus = keepFocusBelow(header);
    // Gone with the header: the next screen's header, or the stylesheet's fallback, takes over.
    return () => {
      observer.disconnect();
      stopKeepingFocus();
      root.removeProperty(STICKY_HEADER_HEIGHT);
    };
  }, []);
  return (
    // In a short window (a phone held sideways: 16:9 video under a sticking header does not fit) it
    // scrolls away with the page (decision 166).
    <header {...rest} ref={ref} className="sticky top-0 z-30 border-b border-gray-200 bg-white short:static">
      {children}
    </header>
  );
}
