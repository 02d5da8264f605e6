import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { renderApp } from '../../../test/render-app.tsx';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box.tsx';

/**
 * The box on /dashboard beside a link whose navigation never starts (as a `Link` whose navigation React
 * has not rendered yet), with "open" typed and not yet settled.
 */
function typeBesideALink() {
  const { router } = renderApp(
    <>
      <SearchBox />
      <a href="/course/c1" onClick={(event) => event.preventDefault()}>
        A course
      </a>
    </>,
    { route: '/dashboard' },
  );
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'open' } });
  return router;
}

/**
 * `element` on /dashboard, a route that takes time to enter after the first visit (the session guard,
 * say): a navigation within it is rendered, and ends when `enter()` is called.
 */
async function renderSlowToReenter(element: ReactNode) {
  let visits = 0;
  let enter = () => {};
  const entered = new Promise<null>((resolve) => (enter = () => resolve(null)));
  const { router } = renderApp(<p>elsewhere</p>, {
    path: '/elsewhere',
    route: '/dashboard',
    routes: [{ path: '/dashboard', loader: () => (visits++ === 0 ? null : entered), element }],
  });
  await act(async () => {});
  return { router, enter };
}

describe('SearchBox', () => {
  afterEach(() => vi.useRealTimers());

  it('on /dashboard keeps the settled term in ?q= (debounced)', async () => {
    const { router } = renderApp(<SearchBox />, { route: '/dashboard' });
    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    expect(box).toHaveAttribute('placeholder', 'Search courses');
    fireEvent.change(box, { target: { value: 'ال' } });
    fireEvent.change(box, { target: { value: 'العلوم' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('العلوم'));
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('takes the typed text’s direction, and the page’s while empty (its placeholder by the icon)', () => {
    renderApp(<SearchBox />, { route: '/dashboard' });
    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    expect(box).not.toHaveAttribute('dir');
    fireEvent.change(box, { target: { value: 'open' } });
    expect(box).toHaveAttribute('dir', 'auto');
  });

  it('starts from ?q= and follows the URL when it changes elsewhere', async () => {
    const { router } = renderApp(<SearchBox />, { route: '/dashboard?q=open' });
    const box = screen.getByRole('searchbox');
    expect(box).toHaveValue('open');
    await router.navigate('/dashboard');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps a term sent with Enter before it settled, when the search’s own navigation ends', async () => {
    vi.useFakeTimers();
    // Writing `?q=` is a navigation that is rendered, and ends while the typed term has not settled yet.
    const { router, enter } = await renderSlowToReenter(<SearchBox />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'open' } });
    fireEvent.submit(screen.getByRole('search')); // Enter
    await act(async () => {});
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => enter());
    // The term that had not settled yet (none) must not follow the one sent and take the search back.
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('open');
    await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('open');
    expect(box).toHaveValue('open');
  });

  describe('a click made while the term is still settling', () => {
    it('is not undone by the term settling while the course is still loading', async () => {
      vi.useFakeTimers();
      // The course route takes time to enter, like the app's (lazy code and the session guard).
      let enter = () => {};
      const entered = new Promise<null>((resolve) => (enter = () => resolve(null)));
      const { router } = renderApp(
        <>
          <SearchBox />
          <Link to="/course/c1">A course</Link>
        </>,
        {
          route: '/dashboard',
          routes: [{ path: '/course/:id', loader: () => entered, element: <h1>The course</h1> }],
        },
      );
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'open' } });
      fireEvent.click(screen.getByRole('link', { name: 'A course' }));
      expect(router.state.navigation.location?.pathname).toBe('/course/c1');
      // The term settles while the course is still loading: it must not navigate over the click.
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await act(async () => enter());
      expect(router.state.location.pathname).toBe('/course/c1');
      expect(screen.getByRole('heading', { name: 'The course' })).toBeInTheDocument();
    });

    it('is noted at the click itself, before the router renders its navigation (late on a slow phone)', async () => {
      vi.useFakeTimers();
      // React Router renders its navigation state in a transition; here the link's navigation never
      // renders at all, so only the click can tell the box that the reader is leaving.
      const router = typeBesideALink();
      fireEvent.click(screen.getByRole('link', { name: 'A course' }));
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(router.state.location.search).toBe('');
    });

    it('is not a reason to stop searching when it opens the link elsewhere (a new tab)', async () => {
      vi.useFakeTimers();
      const router = typeBesideALink();
      fireEvent.click(screen.getByRole('link', { name: 'A course' }), { ctrlKey: true });
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('open');
    });

    it('still writes the term once a navigation that stays on the catalogue has finished', async () => {
      vi.useFakeTimers();
      const { router, enter } = await renderSlowToReenter(
        <>
          <SearchBox />
          <Link to="/dashboard?view=list">List view</Link>
        </>,
      );
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'open' } });
      fireEvent.click(screen.getByRole('link', { name: 'List view' }));
      await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(router.state.location.search).toBe('');
      await act(async () => enter());
      const params = new URLSearchParams(router.state.location.search);
      expect([params.get('view'), params.get('q')]).toEqual(['list', 'open']);
    });
  });
});
