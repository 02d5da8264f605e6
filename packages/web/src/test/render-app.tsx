import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

/**
 * Renders `element` at `route` inside the app's providers (English catalog, a fresh QueryClient
 * without retries, a memory router). Extra routes (with loaders, if a test needs a navigation to
 * take time) let a test see where navigation went.
 */
export function renderApp(
  element: ReactElement,
  { route = '/', path = '*', routes = [] }: { route?: string; path?: string; routes?: RouteObject[] } = {},
) {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [route] });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stand-in answering JSON by "METHOD path" (path without the /api/v1 prefix, with query). */
export function fakeApi(
  handlers: Record<string, (init?: RequestInit) => { status?: number; body: unknown }>,
) {
  const calls: { key: string; body?: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}${url.search}`;
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const handler = handlers[key];
    if (!handler)
      return new Response(JSON.stringify({ success: false, message: 'Not found', code: 'NOT_FOUND' }), {
        status: 404,
      });
    const { status = 200, body } = handler(init);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetchMock, calls };
}

export const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
