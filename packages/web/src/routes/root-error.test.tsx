import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { activateLanguage } from '../i18n/i18n.ts';
import { Component as Root, ErrorBoundary } from './root-error.tsx';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

async function renderAt(path: string, language: 'en' | 'ar' = 'en') {
  await activateLanguage(language);
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        ErrorBoundary,
        children: [
          { path: '/', element: <main>home</main> },
          { path: '/broken', Component: Broken },
          {
            path: '/gone',
            loader: () => {
              throw data(null, { status: 404 });
            },
            element: <main>never</main>,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('root route', () => {
  it('renders the pages through its Outlet', async () => {
    await renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('replaces the library error screen with a friendly one: reload and home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it('speaks Arabic too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken', 'ar');
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
    await activateLanguage('en');
  });

  it('offers the language menu, which switches the page in place', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAt('/broken');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'حدث خطأ ما' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    localStorage.clear(); // the choice was stored, as it is in the app
    await activateLanguage('en');
  });

  it('shows the not-found page for a thrown 404', async () => {
    await renderAt('/gone');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
