import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { fakeResizeObserver } from '../test/resize-observer.ts';
import { StickyHeader } from './sticky-header.tsx';

/**
 * happy-dom lays nothing out: each element says where a browser drew it (the viewer at 320 px with its
 * ⋮ panel open: a 189 px header, the scroll padding 16 px more), and `elementFromPoint` answers from
 * those boxes, the header drawn over the page. Chromium itself is checked by e2e/tests/phone-width.spec.ts.
 */
const HEADER_BOTTOM = 189;
const PADDING = HEADER_BOTTOM + 16;

function place(element: Element, top: number, bottom: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, top, 320, bottom - top));
}

/** Focus `element` as Tab would, and wait for the frame in which the header may scroll the page. */
async function tabTo(element: HTMLElement) {
  element.focus();
  await new Promise(requestAnimationFrame);
}

function renderPage() {
  const { unmount } = render(
    <StickyHeader>
      <button type="button">Menu</button>
    </StickyHeader>,
  );
  render(
    <>
      <div role="tabpanel" tabIndex={0}>
        Course description
      </div>
      <dialog open>
        <button type="button">Close</button>
      </dialog>
    </>,
  );
  const header = screen.getByRole('banner');
  place(header, 0, HEADER_BOTTOM);
  // What is drawn at a point: the dialog once it is (over everything), else the header down to its bottom.
  const dialog = screen.getByRole('dialog');
  vi.spyOn(document, 'elementFromPoint').mockImplementation((_x, y) =>
    dialog.hasAttribute('data-drawn') ? dialog : y < HEADER_BOTTOM ? header : document.body,
  );
  return { panel: screen.getByRole('tabpanel'), dialog, unmountHeader: unmount };
}

beforeEach(() => {
  fakeResizeObserver();
  document.documentElement.style.scrollPaddingTop = `${PADDING}px`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('scroll-padding-top');
});

describe('StickyHeader', () => {
  it('scrolls a focused element whose start is under it down to the scroll padding', async () => {
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { panel } = renderPage();
    // Taller than the room below the header, its end in view: Chromium leaves it where it is.
    place(panel, 50, 600);
    await tabTo(panel);
    expect(scroll).toHaveBeenCalledExactlyOnceWith({ top: 50 - PADDING, behavior: 'instant' });
  });

  it('leaves alone what is below it already, what is in it, and what is drawn over it', async () => {
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { panel, dialog } = renderPage();
    // Where the browser's own scrolling put it: below the header.
    place(panel, PADDING, 700);
    await tabTo(panel);
    await tabTo(screen.getByRole('button', { name: 'Menu' }));
    // A dialog over the page, its top where the header is: the header covers none of it.
    dialog.setAttribute('data-drawn', '');
    const close = screen.getByRole('button', { name: 'Close' });
    place(close, 16, 60);
    await tabTo(close);
    expect(scroll).not.toHaveBeenCalled();
  });

  it('stops when it goes', async () => {
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { panel, unmountHeader } = renderPage();
    place(panel, 50, 600);
    unmountHeader();
    await tabTo(panel);
    expect(scroll).not.toHaveBeenCalled();
  });
});
