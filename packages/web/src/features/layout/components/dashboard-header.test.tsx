import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { STICKY_HEADER_HEIGHT } from '../../../components/sticky-header.tsx';
import { paths } from '../../../lib/paths.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeResizeObserver } from '../../../test/resize-observer.ts';
import { fakeApi } from '../../../test/stub-api.ts';
import { DashboardHeader } from './dashboard-header.tsx';

afterEach(() => vi.unstubAllGlobals());

const headerHeight = () => document.documentElement.style.getPropertyValue(STICKY_HEADER_HEIGHT);

describe('DashboardHeader', () => {
  it('is in Tab order as it is seen: the search box after the menus on a phone, between from 640 px (decision 207)', () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    fakeResizeObserver();
    const order = (wide: boolean) => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: wide && query === '(min-width: 640px)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      const { unmount } = renderApp(<DashboardHeader />, { route: paths.dashboard });
      const controls = [...screen.getByRole('banner').querySelectorAll('a[href], button, input')];
      const names = controls.map((control) =>
        control instanceof HTMLInputElement ? 'search' : control.tagName === 'A' ? 'logo' : 'button',
      );
      unmount();
      return names.filter((name, index) => name !== names[index - 1]);
    };
    // The search's own button (clear) aside, collapsed: logo, then the language and profile buttons.
    expect(order(false)).toEqual(['logo', 'button', 'search']);
    expect(order(true)).toEqual(['logo', 'search', 'button']);
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
