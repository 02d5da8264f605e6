import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { fakeApi } from '../../../test/render-app.tsx';
import { summary } from '../../../test/course-fixtures.ts';
import { AdminBoard } from './admin-board.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `count` courses of a 12-course list starting at `offset`. */
const page = (offset: number, count: number) => () => ({
  body: {
    success: true,
    data: Array.from({ length: count }, (_, i) =>
      summary({
        _id: `00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
        title: `Course ${offset + i}`,
      }),
    ),
    pagination: { total: 12, limit: 10, offset },
  },
});

const emptyPage = { success: true, data: [], pagination: { total: 0, limit: 10, offset: 0 } };

async function renderBoard(route = '/admin/dashboard') {
  await activateLanguage('en');
  const router = createMemoryRouter([{ path: '*', element: <AdminBoard onViewCourse={() => {}} /> }], {
    initialEntries: [route],
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

describe('AdminBoard', () => {
  it("shows 'No Course Added' with the link to add one", async () => {
    vi.stubGlobal('fetch', async () => json(emptyPage));
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
        : json(emptyPage);
    });
    await renderBoard();
    expect(await screen.findByText('Fetching data failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No Course Added')).toBeInTheDocument();
  });

  it('asks the server for each page, order and status of the table', async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=0': page(0, 10),
      'GET /course?limit=10&offset=10': page(10, 2),
      'GET /course?limit=10&offset=0&sort=title&order=asc': page(0, 10),
      'GET /course?limit=10&offset=0&sort=title&order=asc&status=Pending': () => ({
        body: { success: true, data: [], pagination: { total: 0, limit: 10, offset: 0 } },
      }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderBoard();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('course-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('course-row')).toHaveLength(2));
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Title' })).getByRole('button'));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Pending' } });
    expect(await screen.findByText('No course has this status.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course?limit=10&offset=0',
      'GET /course?limit=10&offset=10',
      'GET /course?limit=10&offset=0&sort=title&order=asc',
      'GET /course?limit=10&offset=0&sort=title&order=asc&status=Pending',
    ]);
  });

  it('searches from the header: a new term starts at page 1; nothing found offers "Clear search"', async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=0&q=course': page(0, 10),
      'GET /course?limit=10&offset=10&q=course': page(10, 2),
      'GET /course?limit=10&offset=0&q=nothing': () => ({ body: emptyPage }),
      'GET /course?limit=10&offset=0': page(0, 10),
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = await renderBoard('/admin/dashboard?q=course');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await router.navigate('/admin/dashboard?q=nothing', { replace: true });
    expect(await screen.findByTestId('no-search-results')).toHaveTextContent('No courses match “nothing”.');
    expect(screen.queryByText('No Course Added')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course?limit=10&offset=0&q=course',
      'GET /course?limit=10&offset=10&q=course',
      'GET /course?limit=10&offset=0&q=nothing',
      'GET /course?limit=10&offset=0',
    ]);
  });
});
