import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Language } from '@app/shared';
import { activateLanguage } from '../i18n/i18n.ts';
import { Component as Root, ErrorBoundary } from '../routes/root-error.tsx';

/**
 * The app's root route (`routes/root-error.tsx`: its page and its error boundary) over `children`,
 * opened at `path` in `language` with its real catalogs, in a memory router.
 */
export async function renderUnderRoot(children: RouteObject[], path: string, language: Language = 'en') {
  await activateLanguage(language);
  const router = createMemoryRouter([{ Component: Root, ErrorBoundary, children }], {
    initialEntries: [path],
  });
  const result = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { ...result, router };
}
