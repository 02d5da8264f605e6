import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { AdminBoard } from './admin-board.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function renderBoard() {
  await activateLanguage('en');
  const router = createMemoryRouter([{ path: '*', element: <AdminBoard onViewCourse={() => {}} /> }]);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('AdminBoard', () => {
  it("shows 'No Course Added' with the link to add one", async () => {
    vi.stubGlobal('fetch', async () => json({ success: true, data: [] }));
    await renderBoard();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Board' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('No Course Added')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'All Courses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Course' })).toHaveAttribute(
      'href',
      '/course/add-course',
    );
  });

  it("says 'Fetching data failed' and tries again", async () => {
    let attempt = 0;
    vi.stubGlobal('fetch', async () => {
      attempt += 1;
      return attempt === 1
        ? json({ success: false, code: 'INTERNAL', message: 'Boom' }, 500)
        : json({ success: true, data: [] });
    });
    await renderBoard();
    expect(await screen.findByText('Fetching data failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Course Added')).toBeInTheDocument();
  });
});
