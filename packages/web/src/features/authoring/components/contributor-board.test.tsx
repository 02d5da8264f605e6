import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCourse, aSummary, aViewer, renderAuthoring, stubApi } from '../test/render-authoring.tsx';
import { ContributorBoard } from './contributor-board.tsx';

const me = aViewer();

describe('ContributorBoard', () => {
  it("shows 'No Course Added Yet!' with 'Add Course'", async () => {
    localStorage.setItem('user_id', me._id);
    stubApi({
      'GET /auth/user': { body: { success: true, data: { user: me } } },
      [`GET /course/contributor/${me._id}`]: {
        body: { success: true, data: [], pagination: { total: 0, limit: 12, offset: 0 } },
      },
    });
    await renderAuthoring(<ContributorBoard />);
    expect(await screen.findByRole('heading', { name: 'No Course Added Yet!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Course' })).toHaveAttribute('href', '/course/add-course');
  });

  it('lists the cards with their status, date and details, and opens the edit form in a modal', async () => {
    localStorage.setItem('user_id', me._id);
    stubApi({
      'GET /auth/user': { body: { success: true, data: { user: me } } },
      [`GET /course/contributor/${me._id}`]: {
        body: {
          success: true,
          data: [aSummary({ status: 'Pending' })],
          pagination: { total: 1, limit: 12, offset: 0 },
        },
      },
      'GET /course/22222222-2222-4222-8222-222222222222': { body: { success: true, data: aCourse() } },
    });
    await renderAuthoring(<ContributorBoard />);
    const card = await screen.findByTestId('course-card');
    expect(within(card).getByText('Pending')).toHaveAttribute('data-tone', 'red');
    expect(within(card).getByText('March 5th, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Course' })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect(await within(dialog).findByLabelText('Course title', { exact: true })).toHaveValue(
      'Open Science Basics',
    );
    expect(within(dialog).getByText('Created on')).toBeInTheDocument();
  });

  it('shows 12 cards a page and asks the server for the next page', async () => {
    localStorage.setItem('user_id', me._id);
    const cards = (offset: number, count: number) => ({
      body: {
        success: true,
        data: Array.from({ length: count }, (_, i) =>
          aSummary({
            _id: `00000000-0000-4000-8000-${String(offset + i).padStart(12, '0')}`,
            title: `Course ${offset + i}`,
          }),
        ),
        pagination: { total: 14, limit: 12, offset },
      },
    });
    const calls = stubApi({
      'GET /auth/user': { body: { success: true, data: { user: me } } },
      [`GET /course/contributor/${me._id}`]: () =>
        calls.filter((call) => call.path.startsWith('/course/contributor')).length > 1
          ? cards(12, 2)
          : cards(0, 12),
    });
    await renderAuthoring(<ContributorBoard />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('course-card')).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(screen.getByRole('navigation', { name: 'Pages of your courses' })).toBeInTheDocument();
  });

  it('searches from the header: nothing found offers "Clear search", which brings the whole list back', async () => {
    localStorage.setItem('user_id', me._id);
    const calls = stubApi({
      'GET /auth/user': { body: { success: true, data: { user: me } } },
      [`GET /course/contributor/${me._id}`]: () => ({
        body: calls.at(-1)?.search.includes('q=')
          ? { success: true, data: [], pagination: { total: 0, limit: 12, offset: 0 } }
          : { success: true, data: [aSummary()], pagination: { total: 1, limit: 12, offset: 0 } },
      }),
    });
    await renderAuthoring(<ContributorBoard />, { route: '/contributor/dashboard?q=hardware' });
    expect(await screen.findByTestId('no-search-results')).toHaveTextContent('No courses match “hardware”.');
    expect(screen.queryByRole('heading', { name: 'No Course Added Yet!' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add New Course' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByTestId('course-card')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path.startsWith('/course/contributor')).map((call) => call.search),
    ).toEqual(['?limit=12&offset=0&q=hardware', '?limit=12&offset=0']);
  });
});
