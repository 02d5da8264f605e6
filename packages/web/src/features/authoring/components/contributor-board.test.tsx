import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { withSearchTerm } from '../../../lib/search-term.ts';
import {
  aCourse,
  aSummary,
  aViewer,
  renderAuthoring,
  stubApi,
  type StartingEntry,
} from '../test/render-authoring.tsx';
import { ContributorBoard } from './contributor-board.tsx';

const me = aViewer();

/** `count` cards of a 14-course list starting at `offset`. */
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

/** Answers the board's list by the offset it asks for (pages of 12 of 14 courses). */
function stubPages() {
  const calls = stubApi({
    'GET /auth/user': { body: { success: true, data: { user: me } } },
    [`GET /course/contributor/${me._id}`]: () => {
      const offset = Number(new URLSearchParams(calls.at(-1)?.search).get('offset'));
      return offset === 0 ? cards(0, 12) : offset === 12 ? cards(12, 2) : cards(offset, 0);
    },
  });
  return () => calls.filter((call) => call.path.startsWith('/course/contributor')).map((call) => call.search);
}

/** The address the board is at and how it got there; the browser's Back; the header's search box. */
function History() {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <output data-testid="history-action">{useNavigationType()}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
      {/* What the header's box does with a settled term (features/layout search-box.tsx). */}
      <button
        type="button"
        onClick={() => setParams((current) => withSearchTerm(current, 'other'), { replace: true })}
      >
        Search other
      </button>
    </>
  );
}

/** The board at `route`, with where the history stands beside it. */
const renderBoardAt = (route: StartingEntry) =>
  renderAuthoring(
    <>
      <ContributorBoard />
      <History />
    </>,
    { route },
  );

/** The board, and the course form's page to leave for and come back from (its Back is the browser's). */
const boardAndCourseForm = (
  <>
    <Routes>
      <Route path="/contributor/dashboard" element={<ContributorBoard />} />
      <Route path="/course/add-course" element={<p>The course form</p>} />
    </Routes>
    <History />
  </>
);

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

  describe('its edit form, named in the address', () => {
    const id = '22222222-2222-4222-8222-222222222222';
    function stubOneCourse() {
      localStorage.setItem('user_id', me._id);
      stubApi({
        'GET /auth/user': { body: { success: true, data: { user: me } } },
        [`GET /course/contributor/${me._id}`]: {
          body: { success: true, data: [aSummary()], pagination: { total: 1, limit: 12, offset: 0 } },
        },
        [`GET /course/${id}`]: { body: { success: true, data: aCourse() } },
      });
    }
    const openCard = async () =>
      fireEvent.click(
        within(await screen.findByTestId('course-card')).getByRole('button', { name: 'View details' }),
      );

    it('opens as a new entry: Back closes it and the board is where it was', async () => {
      stubOneCourse();
      await renderBoardAt('/contributor/dashboard?page=1');
      await openCard();
      expect(await screen.findByRole('dialog', { name: 'Edit Course' })).toBeInTheDocument();
      expect(screen.getByTestId('address')).toHaveTextContent(`?page=1&edit=${id}`);
      expect(screen.getByTestId('history-action')).toHaveTextContent('PUSH');
      // (Hidden from the reader behind the modal, as the browser's own button is not.)
      fireEvent.click(screen.getByRole('button', { name: 'Browser back', hidden: true }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('address')).toHaveTextContent(/^\?page=1$/);
    });

    it('closes by going Back to the entry it opened from', async () => {
      stubOneCourse();
      await renderBoardAt('/contributor/dashboard');
      await openCard();
      const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('history-action')).toHaveTextContent('POP');
      expect(screen.getByTestId('address')).toBeEmptyDOMElement();
      expect(await screen.findByTestId('course-card')).toBeInTheDocument();
    });

    it('closes again after Forward brought it back', async () => {
      stubOneCourse();
      await renderBoardAt('/contributor/dashboard');
      await openCard();
      let dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      fireEvent.click(screen.getByRole('button', { name: 'Browser forward' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('address')).toBeEmptyDOMElement();
    });

    it('closes in place an entry an earlier page load pushed (its state kept by a reload)', async () => {
      stubOneCourse();
      await renderBoardAt({
        pathname: '/contributor/dashboard',
        search: `?edit=${id}`,
        state: { editOpenedHere: 'an-earlier-load' },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('history-action')).toHaveTextContent('REPLACE');
      expect(screen.getByTestId('address')).toBeEmptyDOMElement();
    });

    it('is open again on a reload (the address came with it); closing takes it out of the address in place', async () => {
      stubOneCourse();
      await renderBoardAt(`/contributor/dashboard?edit=${id}`);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
      expect(await within(dialog).findByLabelText('Course title', { exact: true })).toHaveValue(
        'Open Science Basics',
      );
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('address')).toBeEmptyDOMElement();
      expect(screen.getByTestId('history-action')).toHaveTextContent('REPLACE');
    });
  });

  it('shows 12 cards a page and asks the server for the next page', async () => {
    localStorage.setItem('user_id', me._id);
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

  it('keeps its page in the address: Back steps between pages, and the board comes back to its page', async () => {
    localStorage.setItem('user_id', me._id);
    const asked = stubPages();
    await renderAuthoring(boardAndCourseForm, { route: '/contributor/dashboard' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('?page=2');
    expect(screen.getByTestId('history-action')).toHaveTextContent('PUSH');
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();

    // Forward to page 2 again, away (the course form), and Back: the board is where it was left.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Add New Course' }));
    expect(await screen.findByText('The course form')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(asked().at(-1)).toBe('?limit=12&offset=12');
  });

  it('opens at the page of its address, and at the first for a page it cannot mean', async () => {
    localStorage.setItem('user_id', me._id);
    const asked = stubPages();
    await renderAuthoring(<ContributorBoard />, { route: '/contributor/dashboard?page=2' });
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked()).toEqual(['?limit=12&offset=12']);
    for (const page of ['0', '-1', '1.5', 'abc', '02', '8335', '99999999999999999999']) {
      cleanup();
      await renderAuthoring(<ContributorBoard />, { route: `/contributor/dashboard?page=${page}` });
      expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
      expect(asked().at(-1)).toBe('?limit=12&offset=0');
    }
  });

  it('shows the last page for a page past the end, and puts it in the address in place of the old one', async () => {
    localStorage.setItem('user_id', me._id);
    const asked = stubPages();
    await renderBoardAt('/contributor/dashboard?page=5');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(screen.getByTestId('address')).toHaveTextContent('?page=2');
    expect(screen.getByTestId('history-action')).toHaveTextContent('REPLACE');
    expect(asked()).toEqual(['?limit=12&offset=48', '?limit=12&offset=12']);
  });

  it("drops the page of the previous term when the header's box writes a new one", async () => {
    localStorage.setItem('user_id', me._id);
    const asked = stubPages();
    await renderBoardAt('/contributor/dashboard?q=course&page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search other' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\?q=other$/));
    expect(asked()).toEqual(['?limit=12&offset=12&q=course', '?limit=12&offset=0&q=other']);
  });
});
