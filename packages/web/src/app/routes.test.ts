import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { activateLanguage, requireCatalogs } from '../i18n/i18n.ts';
import { codeWaitsForServer, loadRouteCode } from '../lib/route-code.ts';
import { routes } from './routes.tsx';
import type * as I18n from '../i18n/i18n.ts';

/** The course viewer's messages, which the browser cannot fetch while `catalogs.reachable` is false. */
const catalogs = vi.hoisted(() => ({ reachable: true }));
vi.mock('../i18n/i18n.ts', async (original) => {
  const actual = await original<typeof I18n>();
  return {
    ...actual,
    requireCatalogs: async (...names: Parameters<typeof actual.requireCatalogs>) => {
      if (!catalogs.reachable && names.includes('learner'))
        throw new TypeError('Failed to fetch dynamically imported module: /assets/learner.js');
      return actual.requireCatalogs(...names);
    },
  };
});
vi.mock('../routes/course-viewer.tsx', () => ({ Component: () => null, prefetch: async () => null }));
vi.mock('./guards.ts', () => ({ requireRole: () => async () => null, redirectIfSignedIn: async () => null }));

beforeAll(async () => {
  await activateLanguage('en');
  // Fetched for real, in real time: what the test fakes is only the viewer's code.
  await Promise.all([import('../routes/data-layout.tsx'), requireCatalogs('learner', 'certificates')]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** A server whose health answers as `state.up` says. */
function server(state: { up: boolean }) {
  vi.stubGlobal('fetch', async (input: string) => {
    if (!state.up) throw new TypeError('Failed to fetch');
    return new Response('{}', { status: input.endsWith('/health') ? 200 : 404 });
  });
}

const notFetched = () => new TypeError('Failed to fetch dynamically imported module: /assets/page.js');

describe('a page whose code cannot be fetched because the server is away', () => {
  it('stays on the page on screen and opens the new one by itself once the server answers', async () => {
    vi.useFakeTimers();
    const state = { up: false };
    server(state);
    catalogs.reachable = false;
    const router = createMemoryRouter(routes, { initialEntries: ['/nowhere'] });
    await vi.advanceTimersByTimeAsync(0);
    void router.navigate('/course/abc');
    await vi.advanceTimersByTimeAsync(1_000);
    // Before: the root error page (`errors` set, the location moved), for good.
    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe('/nowhere');
    expect(router.state.navigation.state).toBe('loading');
    expect(codeWaitsForServer()).toBe(true);

    state.up = true;
    catalogs.reachable = true;
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 });
    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe('/course/abc');
    expect(codeWaitsForServer()).toBe(false);
    router.dispose();
  });
});

describe('loadRouteCode', () => {
  it('fetches the code again once the health answers (5 s, then 10 s…), the same module', async () => {
    vi.useFakeTimers();
    const state = { up: false };
    server(state);
    const module = { Component: () => null };
    let tries = 0;
    const load = vi.fn(async () => {
      tries += 1;
      if (!state.up) throw notFetched();
      return module;
    });
    let loaded: unknown;
    void loadRouteCode(load).then((value) => (loaded = value));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tries).toBe(1);
    expect(codeWaitsForServer()).toBe(true);
    state.up = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loaded).toBe(module);
    expect(tries).toBe(2);
    expect(codeWaitsForServer()).toBe(false);
  });

  it('loads the page whole when the code fails while the server answers (a deploy), once a minute at most', async () => {
    server({ up: true });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/course/abc', assign });
    const pending = loadRouteCode(() => Promise.reject(notFetched()));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/course/abc'));
    void pending;
    // The reload did not help: the error is the route's (the root error page), no reload loop.
    await expect(loadRouteCode(() => Promise.reject(notFetched()))).rejects.toThrow(/dynamically imported/);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('leaves any other error to the route', async () => {
    const health = vi.fn();
    vi.stubGlobal('fetch', health);
    await expect(loadRouteCode(() => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
    expect(health).not.toHaveBeenCalled();
  });
});
