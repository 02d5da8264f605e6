import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { STICKY_HEADER_HEIGHT } from '../../../components/sticky-header.tsx';
import { paths } from '../../../lib/paths.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeResizeObserver } from '../../../test/resize-observer.ts';
import { fakeApi } from '../../../test/stub-api.ts';
import { DashboardHeader } from './dashboard-header.tsx';

afterEach(() => vi.unstubAllGlobals());

const headerHeight = () => document.documentElement.style.getPropertyValue(STICKY_HEADER_HEIGHT);

/**
 * A window as wide as the test says: `matchMedia` answers `(min-width: …px)` for that width and tells
 * its listeners when it changes, as a phone turned or a window resized does.
 */
function fakeWindowWidth(width: number) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      const min = /^\(min-width: (\d+)px\)$/.exec(query);
      return min !== null && width >= Number(min[1]);
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(to: number) {
      width = to;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

/** The header's controls in Tab order, the search's own clear button aside, each run collapsed. */
function tabOrder() {
  const controls = [...screen.getByRole('banner').querySelectorAll('a[href], button, input')];
  const names = controls.map((control) =>
    control instanceof HTMLInputElement ? 'search' : control.tagName === 'A' ? 'logo' : 'button',
  );
  return names.filter((name, index) => name !== names[index - 1]);
}

describe('DashboardHeader', () => {
  it('is in Tab order as it is seen: the search box after the menus on a phone, between from 640 px (decision 207)', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    fakeResizeObserver();
    const order = (width: number) => {
      fakeWindowWidth(width);
      const { unmount } = renderApp(<DashboardHeader />, { route: paths.dashboard });
      const names = tabOrder();
      unmount();
      return names;
    };
    // Logo, then the language and profile buttons, then the box; the box between from 640 px.
    expect(order(375)).toEqual(['logo', 'button', 'search']);
    expect(order(1280)).toEqual(['logo', 'search', 'button']);
  });

  it('keeps the search box, its focus, caret and unsent term when the window crosses 640 px (a phone turned)', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    fakeResizeObserver();
    const viewport = fakeWindowWidth(1280);
    const { router } = renderApp(<DashboardHeader />, { route: paths.dashboard });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search courses' });
    box.focus();
    fireEvent.change(box, { target: { value: 'open sci' } });
    box.setSelectionRange(4, 4);
    // Within the box's 300 ms: the term is not in the address yet, only in the box.
    for (const [width, order] of [
      [375, ['logo', 'button', 'search']],
      [1280, ['logo', 'search', 'button']],
      [375, ['logo', 'button', 'search']],
    ] as const) {
      viewport.resize(width);
      expect(tabOrder()).toEqual(order);
      expect(screen.getByRole('searchbox', { name: 'Search courses' })).toBe(box);
      expect(box).toHaveFocus();
      expect(box).toHaveValue('open sci');
      expect([box.selectionStart, box.selectionEnd]).toEqual([4, 4]);
    }
    expect(router.state.location.search).toBe('');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=open+sci'));
  });

  it('gives focus back to the menu that had it when the menus move across the box at 640 px', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    fakeResizeObserver();
    const viewport = fakeWindowWidth(375);
    renderApp(<DashboardHeader />, { route: paths.dashboard });
    screen.getByTestId('language-toggle').focus();
    viewport.resize(1280);
    expect(screen.getByTestId('language-toggle')).toHaveFocus();
    screen.getByTestId('profile-button').focus();
    viewport.resize(375);
    expect(screen.getByTestId('profile-button')).toHaveFocus();
    // Focus elsewhere stays where it is.
    screen.getByRole('link').focus();
    viewport.resize(1280);
    expect(screen.getByRole('link')).toHaveFocus();
  });

  it('closes an open profile list when the menus move across the box at 640 px, its focus going to the profile button', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    fakeResizeObserver();
    const viewport = fakeWindowWidth(375);
    renderApp(<DashboardHeader />, { route: paths.dashboard });
    for (const width of [1280, 375]) {
      fireEvent.click(screen.getByTestId('profile-button'));
      const list = screen.getByRole('menu');
      expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();

      viewport.resize(width);
      // Drawn anew, closed: the old list left the page with its node, the focus in it not sent to the page.
      expect(list).not.toBeInTheDocument();
      expect(screen.queryByRole('menu')).toBeNull();
      const button = screen.getByTestId('profile-button');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
      // And it opens again from there.
      fireEvent.click(button);
      expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
      fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
      expect(button).toHaveFocus();
    }
  });

  // styles.css's `scroll-padding-top` reads the height: what Tab scrolls into view stops below it.
  it("keeps the page's scroll padding at its height, whatever rows it takes, until it goes", () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    const observer = fakeResizeObserver();
    const { unmount } = renderApp(<DashboardHeader />, { route: paths.contributorDashboard });
    const header = screen.getByRole('banner');
    expect(observer.observes(header)).toBe(true);
    // Sticky, except in a short window (styles.css's `short:`), where it scrolls away with the page.
    expect(header).toHaveClass('sticky', 'short:static');

    // Three rows in English at 320 px (the logo, the menus, the search box), taller than the
    // stylesheet's fallback; one row from 640 px.
    observer.resize(header, 173);
    expect(headerHeight()).toBe('173px');
    observer.resize(header, 66);
    expect(headerHeight()).toBe('66px');

    unmount();
    expect(headerHeight()).toBe('');
    expect(observer.observes(header)).toBe(false);
  });
});
