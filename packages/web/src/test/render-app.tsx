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
