import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import type { Language } from '@app/shared';
import { activateLanguage } from '../../../i18n/i18n.ts';

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders an auth screen at `route` with the real catalogs of `language`, a fresh QueryClient and a
 * memory router whose other paths just print where navigation went.
 */
export async function renderAuth(
  element: ReactElement,
  {
    route = '/',
    language = 'en',
    state,
  }: { route?: string; language?: Language; /** The router state it is opened with. */ state?: unknown } = {},
) {
  await activateLanguage(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const url = new URL(route, 'http://localhost');
  const path = url.pathname;
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [{ pathname: path, search: url.search, state }] },
  );
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, router, queryClient };
}

export { stubApi, type RecordedCall } from '../../../test/stub-api.ts';

export const aUser = (role: 'EndUser' | 'Contributor' | 'SuperAdmin' = 'EndUser') => ({
  _id: '0b6c4a52-6f3c-4a8e-9d5e-1a2b3c4d5e6f',
  email: 'learner@example.test',
  firstname: 'Lina',
  lastname: 'Saleh',
  role,
  preferred_language: 'en' as const,
});

const disabledProvider = (provider: string, scope: string) => ({
  enabled: false,
  clientId: null,
  authorizationEndpoint: null,
  redirectUri: `http://localhost/auth/${provider}/callback`,
  scope,
});

export const googleDisabled = {
  'GET /auth/config': {
    body: {
      success: true,
      data: {
        google: disabledProvider('google', 'openid email profile'),
        orcid: disabledProvider('orcid', 'openid'),
      },
    },
  },
};
