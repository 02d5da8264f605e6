import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { fakeApi, stubHeldFetch } from '../../../test/stub-api.ts';
import { summary } from '../../../test/course-fixtures.ts';
import { AdminBoard } from './admin-board.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const courseId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** `count` courses of a `total`-course list (12 unless said) starting at `offset`. */
const page =
  (offset: number, count: number, total = 12, status: 'Pending' | 'Approved' = 'Approved') =>
  () => ({
    body: {
      success: true,
      data: Array.from({ length: count }, (_, i) =>
        summary({ _id: courseId(offset + i), title: `Course ${offset + i}`, status }),
      ),
      pagination: { total, limit: 10, offset },
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

  it('keeps a failed page\'s panel, busy, while "Try again" runs: not the rows of the page before', async () => {
    let failed = false;
    const api = fakeApi({
      'GET /course?limit=10&offset=0': page(0, 10),
      'GET /course?limit=10&offset=10': () => {
        if (failed) return page(10, 2)();
        failed = true;
        return { status: 500, body: { success: false, code: 'INTERNAL', message: 'Boom' } };
      },
    });
    const retry = stubHeldFetch(api.fetch, (url) => failed && url.includes('offset=10'));
    await renderBoard();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Fetching data failed')).toBeInTheDocument();
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    fireEvent.click(tryAgain);
    await waitFor(() => expect(tryAgain).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Fetching data failed')).toBeInTheDocument();
    expect(screen.queryAllByTestId('course-row')).toHaveLength(0);
    retry.release();
    await waitFor(() => expect(screen.getAllByTestId('course-row')).toHaveLength(2));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Fetching data failed')).not.toBeInTheDocument();
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

  it('keeps its page, order and status in the address: a reload (or Back from the course form) finds them', async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=10&sort=title&order=desc&status=Pending': page(10, 2, 12, 'Pending'),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderBoard('/admin/dashboard?page=2&sort=title&order=desc&status=Pending');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('course-row')).toHaveLength(2);
    expect(screen.getByLabelText('Filter by status')).toHaveValue('Pending');
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course?limit=10&offset=10&sort=title&order=desc&status=Pending',
    ]);
  });

  it('writes each choice into the address as a new entry: Back returns to the view before', async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=0': page(0, 10),
      'GET /course?limit=10&offset=10': page(10, 2),
      'GET /course?limit=10&offset=0&sort=title&order=asc': page(0, 10),
      'GET /course?limit=10&offset=0&sort=title&order=asc&status=Pending': page(0, 3, 3, 'Pending'),
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = await renderBoard();
    const title = () => screen.getByRole('columnheader', { name: 'Title' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.click(within(title()).getByRole('button'));
    await waitFor(() => expect(title()).toHaveAttribute('aria-sort', 'ascending'));
    expect(router.state.location.search).toBe('?sort=title&order=asc');
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Pending' } });
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=title&order=asc&status=Pending');

    await router.navigate(-1);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by status')).toHaveValue('');
    expect(title()).toHaveAttribute('aria-sort', 'ascending');
    await router.navigate(-1);
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(title()).toHaveAttribute('aria-sort', 'none');
  });

  it('reads what an address cannot mean as the default, never as a request the server refuses', async () => {
    const api = fakeApi({ 'GET /course?limit=10&offset=0': page(0, 10) });
    vi.stubGlobal('fetch', api.fetch);
    for (const search of [
      '?page=0&sort=colour&order=desc&status=Lost',
      '?page=-1&order=desc',
      '?page=1.5&sort=',
      '?page=abc',
      '?page=02',
      // Past the server's largest offset (100,000): a 400 if it were asked for.
      '?page=10002',
      '?page=99999999999999999999',
    ]) {
      await renderBoard(`/admin/dashboard${search}`);
      expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
      expect(screen.getByLabelText('Filter by status')).toHaveValue('');
      cleanup();
    }
    expect(new Set(api.calls.map((call) => call.key))).toEqual(new Set(['GET /course?limit=10&offset=0']));
  });

  it('shows the last page for a page past the end, and puts it in the address in place of the old one', async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=60&status=Pending': () => ({
        body: { success: true, data: [], pagination: { total: 12, limit: 10, offset: 60 } },
      }),
      'GET /course?limit=10&offset=10&status=Pending': page(10, 2, 12, 'Pending'),
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = await renderBoard('/admin/dashboard?status=Pending&page=7');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('course-row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?status=Pending&page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course?limit=10&offset=60&status=Pending',
      'GET /course?limit=10&offset=10&status=Pending',
    ]);
  });

  it("drops the page of the previous term when the header's box writes a new one", async () => {
    const api = fakeApi({
      'GET /course?limit=10&offset=10&sort=title&order=asc&q=course': page(10, 2),
      'GET /course?limit=10&offset=0&sort=title&order=asc&q=other': page(0, 10),
    });
    vi.stubGlobal('fetch', api.fetch);
    const router = await renderBoard('/admin/dashboard?q=course&page=2&sort=title&order=asc');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    // The box replaces `q` and keeps the rest of the address (lib/search-term.ts `withSearchTerm`).
    await router.navigate('/admin/dashboard?q=other&page=2&sort=title&order=asc', { replace: true });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=other&sort=title&order=asc'));
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course?limit=10&offset=10&sort=title&order=asc&q=course',
      'GET /course?limit=10&offset=0&sort=title&order=asc&q=other',
    ]);
  });

  it('gives the focus to the next row when an approved course leaves the list of pending ones', async () => {
    let approved = false;
    const api = fakeApi({
      'GET /course?limit=10&offset=0': page(0, 3, 3, 'Pending'),
      'GET /course?limit=10&offset=0&status=Pending': () =>
        approved ? page(1, 2, 2, 'Pending')() : page(0, 3, 3, 'Pending')(),
      [`GET /course/approve/${courseId(0)}`]: () => {
        approved = true;
        return {
          body: {
            success: true,
            message: 'Course approved',
            data: { status: 'Approved', isAvailable: true, enableEditing: false },
          },
        };
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderBoard();
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Pending' } });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    const trigger = await screen.findByRole('button', { name: 'Actions for Course 0' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve course' }));
    await waitFor(() => expect(screen.getAllByTestId('course-row')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Course 1' })).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });
});
