import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { fakeApi, stubHeldFetch } from '../../../test/stub-api.ts';
import { expectIsolatedInline } from '../../../test/bidi.ts';
import { COURSE_ID, summary } from '../../../test/course-fixtures.ts';
import { CourseCatalogue } from './course-catalogue.tsx';

afterEach(() => vi.unstubAllGlobals());

const list =
  (data: unknown[], total = data.length, offset = 0, next: string | null = null) =>
  () => ({
    body: { success: true, data, pagination: { total, limit: 20, offset, next } },
  });

describe('CourseCatalogue', () => {
  it('lists courses in the chosen language with "By" author and "Enrolled" or "Start Learning"', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /course/approved?limit=12': list([
          summary(),
          summary({ _id: 'other', title: 'Open Hardware', title_tr: null, enrolled: true, progress: 37.6 }),
        ]),
      }).fetch,
    );
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Start Learning: Introduction to Open Science' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Hardware' })).toHaveAttribute('href', '/course/other');
    expect(screen.getByText('Enrolled')).toBeInTheDocument();
    expect(screen.getAllByText('Open Science Community')).toHaveLength(2);
    // Only the enrolled card shows the learner's course progress, rounded (decision 033).
    expect(screen.getAllByTestId('card-progress')).toHaveLength(1);
    expect(screen.getByText('38% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress: Open Hardware' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
  });

  it('says "No Courses Available" when the catalogue is empty', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /course/approved?limit=12': list([]) }).fetch);
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByText('No Courses Available')).toBeInTheDocument();
  });

  it('searches with ?q= from the URL and offers to clear an empty result', async () => {
    const api = fakeApi({
      'GET /course/approved?limit=12&q=zebra': list([]),
      'GET /course/approved?limit=12': list([summary()]),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { router } = renderApp(<CourseCatalogue />, { route: '/dashboard?q=zebra' });
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'No courses match “zebra”.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows the failure panel and refetches on "Try again"', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /course/approved?limit=12': () =>
          fail
            ? { status: 500, body: { success: false, message: 'Boom', code: 'INTERNAL' } }
            : list([summary()])(),
      }).fetch,
    );
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByText('We encountered an error while fetching course(s).')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();
  });

  it('keeps a failed search\'s panel, busy, while "Try again" runs: not the previous search\'s cards', async () => {
    let failed = false;
    const api = fakeApi({
      'GET /course/approved?limit=12': list([summary()]),
      'GET /course/approved?limit=12&q=hardware': () => {
        if (failed) return list([summary({ _id: 'found', title: 'Open Hardware', title_tr: null })])();
        failed = true;
        return { status: 500, body: { success: false, message: 'Boom', code: 'INTERNAL' } };
      },
    });
    const retry = stubHeldFetch(api.fetch, (url) => failed && url.includes('q=hardware'));
    const { router } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();
    await act(() => router.navigate('/dashboard?q=hardware'));
    expect(await screen.findByText('We encountered an error while fetching course(s).')).toBeInTheDocument();
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    tryAgain.focus();
    fireEvent.click(tryAgain);
    await vi.waitFor(() => expect(retry.holding()).toBe(true));
    // The same button, busy and still focused; the first page's course is not shown as if it matched.
    await vi.waitFor(() => expect(tryAgain).toHaveAttribute('aria-busy', 'true'));
    expect(tryAgain.isConnected).toBe(true);
    expect(tryAgain).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Introduction to Open Science' })).not.toBeInTheDocument();
    act(() => retry.release());
    expect(await screen.findByRole('heading', { name: 'Open Hardware' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong!' })).not.toBeInTheDocument();
  });

  it('says "Searching…" while a new search runs, not while the list shown is refreshed', async () => {
    const api = fakeApi({
      'GET /course/approved?limit=12': list([summary()]),
      'GET /course/approved?limit=12&q=open': list([summary({ _id: 'found', title: 'Open Hardware' })]),
    });
    let holdAll = false;
    const held = stubHeldFetch(api.fetch, () => holdAll);
    const { router, queryClient } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Introduction to Open Science' })).toBeInTheDocument();
    holdAll = true;
    await act(() => router.navigate('/dashboard?q=open'));
    await vi.waitFor(() => expect(held.holding()).toBe(true));
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    act(() => held.release());
    expect(await screen.findByRole('heading', { name: 'Open Hardware' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    // The same results refreshed in the background (an enrolment elsewhere marked them stale).
    let refreshed: Promise<void> = Promise.resolve();
    act(() => {
      refreshed = queryClient.invalidateQueries();
    });
    await vi.waitFor(() => expect(held.holding()).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // as it is while the request is out
    expect(screen.getByRole('heading', { name: 'Open Hardware' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
    act(() => held.release());
    await act(() => refreshed);
  });

  it('"Start Learning" enrols with a spinner on that card only, then opens the course', async () => {
    const api = fakeApi({
      'GET /course/approved?limit=12': list([summary(), summary({ _id: 'second', title: 'Second course' })]),
      [`GET /course/enroll/${COURSE_ID}`]: () => ({ body: { success: true, message: 'Enrolled' } }),
    });
    const enrolment = stubHeldFetch(api.fetch, (url) => url.includes('/enroll/'));
    const { router } = renderApp(<CourseCatalogue />, {
      route: '/dashboard',
      path: '/dashboard',
      routes: [{ path: '/course/:id', element: <p>viewer</p> }],
    });
    const start = await screen.findByRole('button', { name: 'Start Learning: Introduction to Open Science' });
    fireEvent.click(start);
    await vi.waitFor(() => expect(start).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: 'Start Learning: Second course' })).not.toHaveAttribute(
      'aria-busy',
    );
    enrolment.release();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/course/${COURSE_ID}`));
    // Opened at once: the catalogue was not reloaded first (it reloads when shown again).
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course/approved?limit=12',
      `GET /course/enroll/${COURSE_ID}`,
    ]);
  });

  it('"Load more courses" appends the page after the last card and disappears at the end', async () => {
    const page = (offset: number, count: number, next: string | null) =>
      list(
        Array.from({ length: count }, (_, i) =>
          summary({ _id: `course-${offset + i}`, title: `Course ${offset + i}`, title_tr: null }),
        ),
        5,
        offset,
        next,
      );
    // The page size is asked for (12, LEARNER_PAGE_SIZE); the fake server's three a page keeps this
    // test quick. The next page is asked for by the cursor the server gave (decision 055), not by a
    // position.
    const api = fakeApi({
      'GET /course/approved?limit=12': page(0, 3, 'after-course-2'),
      'GET /course/approved?limit=12&after=after-course-2': page(3, 2, null),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByText('Showing 3 of 5 courses')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Load more courses' }));
    expect(await screen.findByText('Showing 5 of 5 courses')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Course 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument();
    // The button went with the last page: focus is on the first card it brought, not lost.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start Learning: Course 3' })).toHaveFocus(),
    );
    expect(api.calls.map((call) => call.key)).toEqual([
      'GET /course/approved?limit=12',
      'GET /course/approved?limit=12&after=after-course-2',
    ]);
  });

  describe('"My courses" (decision 196)', () => {
    it('lists the courses the learner joined, a page at a time after a cursor, and goes back to all courses', async () => {
      const mine = (offset: number, count: number, next: string | null) =>
        list(
          Array.from({ length: count }, (_, i) =>
            summary({
              _id: `mine-${offset + i}`,
              title: `Mine ${offset + i}`,
              title_tr: null,
              enrolled: true,
              // Out of the catalogue since it was joined: still theirs to study.
              isAvailable: offset + i !== 0,
            }),
          ),
          4,
          offset,
          next,
        );
      // The next page is asked for by the cursor the server gave (decision 202), not by a position.
      const api = fakeApi({
        'GET /user/courses?limit=12': mine(0, 3, 'after-mine-2'),
        'GET /user/courses?limit=12&after=after-mine-2': mine(3, 1, null),
        'GET /course/approved?limit=12': list([summary()]),
      });
      vi.stubGlobal('fetch', api.fetch);
      const { router } = renderApp(<CourseCatalogue />, { route: '/dashboard?courses=mine' });
      expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
      const lists = screen.getByRole('navigation', { name: 'Course lists' });
      expect(within(lists).getByRole('link', { name: 'My courses' })).toHaveAttribute('aria-current', 'page');
      expect(within(lists).getByRole('link', { name: 'All courses' })).not.toHaveAttribute('aria-current');
      expect(await screen.findByRole('link', { name: 'Mine 0' })).toHaveAttribute('href', '/course/mine-0');
      expect(screen.getByText('Showing 3 of 4 courses')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Load more courses' }));
      expect(await screen.findByText('Showing 4 of 4 courses')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more courses' })).not.toBeInTheDocument();
      // Only the learner's list was asked for until the catalogue is shown.
      expect(api.calls.map((call) => call.key)).toEqual([
        'GET /user/courses?limit=12',
        'GET /user/courses?limit=12&after=after-mine-2',
      ]);
      fireEvent.click(within(lists).getByRole('link', { name: 'All courses' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { name: 'Introduction to Open Science' }),
      ).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      await vi.waitFor(() => expect(document.title).toBe('Available Courses · Open Science Courses'));
    });

    it('says which list a switch shows, with its count, to screen readers (decision 207)', async () => {
      vi.stubGlobal(
        'fetch',
        fakeApi({
          'GET /user/courses?limit=12': list([summary({ _id: 'mine', title: 'Mine', enrolled: true })]),
          'GET /course/approved?limit=12': list([summary(), summary({ _id: 'b', title: 'B' })]),
        }).fetch,
      );
      renderApp(<CourseCatalogue />, { route: '/dashboard' });
      const lists = await screen.findByRole('navigation', { name: 'Course lists' });
      const status = within(lists.parentElement!).getByRole('status');
      await screen.findByText('Showing 2 of 2 courses');
      // The page's first list: the route announcer has said its title.
      expect(status).toHaveTextContent(/^$/);
      fireEvent.click(within(lists).getByRole('link', { name: 'My courses' }));
      await vi.waitFor(() => expect(status).toHaveTextContent(/^Showing my courses: 1 course$/));
      fireEvent.click(within(lists).getByRole('link', { name: 'All courses' }));
      await vi.waitFor(() => expect(status).toHaveTextContent(/^Showing all courses: 2 courses$/));
      await act(() => activateLanguage('ar'));
      try {
        fireEvent.click(within(lists).getByRole('link', { name: 'دوراتي' }));
        await vi.waitFor(() => expect(status).toHaveTextContent(/^تُعرض دوراتي: دورة واحدة$/));
      } finally {
        await act(() => activateLanguage('en'));
      }
    });

    it('says a switch once: the count under the list is quiet for it, live for "Load more" and a search', async () => {
      const mine = (offset: number, next: string | null) =>
        list([summary({ _id: `mine-${offset}`, title: `Mine ${offset}`, enrolled: true })], 2, offset, next);
      vi.stubGlobal(
        'fetch',
        fakeApi({
          'GET /course/approved?limit=12': list(['a', 'b', 'c'].map((id) => summary({ _id: id, title: id }))),
          'GET /user/courses?limit=12': mine(0, 'after-mine-0'),
          'GET /user/courses?limit=12&after=after-mine-0': mine(1, null),
          'GET /course/approved?limit=12&q=open': list([summary()]),
        }).fetch,
      );
      const { router } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
      const lists = await screen.findByRole('navigation', { name: 'Course lists' });
      const status = within(lists.parentElement!).getByRole('status');
      /** Whether a screen reader hears a change to `text`: the `aria-live` of the region it is in. */
      const live = (text: string) => screen.getByText(text).closest('[aria-live]')?.getAttribute('aria-live');
      await screen.findByText('Showing 3 of 3 courses');
      expect(live('Showing 3 of 3 courses')).toBe('polite');

      fireEvent.click(within(lists).getByRole('link', { name: 'My courses' }));
      await vi.waitFor(() => expect(status).toHaveTextContent(/^Showing my courses: 2 courses$/));
      expect(live('Showing 1 of 2 courses')).toBe('off');
      fireEvent.click(screen.getByRole('button', { name: 'Load more courses' }));
      await screen.findByText('Showing 2 of 2 courses');
      expect(live('Showing 2 of 2 courses')).toBe('polite');

      // Back to a list already loaded: its count is on screen at once, as quiet.
      fireEvent.click(within(lists).getByRole('link', { name: 'All courses' }));
      await vi.waitFor(() => expect(status).toHaveTextContent(/^Showing all courses: 3 courses$/));
      expect(live('Showing 3 of 3 courses')).toBe('off');

      await act(() => router.navigate('/dashboard?q=open'));
      await vi.waitFor(() => expect(status).toHaveTextContent(/^1 course found$/));
      expect(live('Showing 1 of 1 course')).toBe('polite');

      // The search cleared: the switch was said before it, so only the count speaks now.
      await act(() => router.navigate('/dashboard'));
      await screen.findByText('Showing 3 of 3 courses');
      expect(status).not.toHaveTextContent(/Showing all courses/);
      expect(live('Showing 3 of 3 courses')).toBe('polite');
    });

    it('says when the learner has joined nothing yet, with a way to the catalogue', async () => {
      vi.stubGlobal(
        'fetch',
        fakeApi({
          'GET /user/courses?limit=12': list([]),
          'GET /course/approved?limit=12': list([summary()]),
        }).fetch,
      );
      renderApp(<CourseCatalogue />, { route: '/dashboard?courses=mine' });
      expect(await screen.findByText('You are not enrolled in any course yet')).toBeInTheDocument();
      await vi.waitFor(() => expect(document.title).toBe('My courses · Open Science Courses'));
      fireEvent.click(screen.getByRole('link', { name: 'Browse all courses' }));
      expect(
        await screen.findByRole('heading', { name: 'Introduction to Open Science' }),
      ).toBeInTheDocument();
    });

    it('a search looks through the catalogue, whichever list was shown', async () => {
      const api = fakeApi({ 'GET /course/approved?limit=12&q=open': list([summary()]) });
      vi.stubGlobal('fetch', api.fetch);
      renderApp(<CourseCatalogue />, { route: '/dashboard?courses=mine&q=open' });
      expect(
        await screen.findByRole('heading', { name: 'Introduction to Open Science' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Available Courses' })).toBeInTheDocument();
      expect(api.calls.map((call) => call.key)).toEqual(['GET /course/approved?limit=12&q=open']);
    });
  });

  it('counts the courses shown in the reader\'s language ("1 course"; "الدورات المعروضة: 3 من 3")', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /course/approved?limit=12': list([summary()]) }).fetch);
    const { unmount } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByText('Showing 1 of 1 course')).toBeInTheDocument();
    unmount();
    const three = ['a', 'b', 'c'].map((id) => summary({ _id: id, title: `Course ${id}` }));
    vi.stubGlobal('fetch', fakeApi({ 'GET /course/approved?limit=12': list(three) }).fetch);
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    await act(() => activateLanguage('ar'));
    try {
      // A label and the numbers: no noun to agree with the count ("عرض 1 من دورة واحدة" read oddly).
      expect(await screen.findByText('الدورات المعروضة: 3 من 3')).toBeInTheDocument();
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('isolates English course text in the Arabic interface, in boxes that keep the page direction', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /course/approved?limit=12': list([
          summary({ title_tr: null, description: 'Git & GitHub: branches, PRs & CI/CD!' }),
          summary({ _id: 'other', title: 'Open Hardware', title_tr: null, enrolled: true }),
        ]),
      }).fetch,
    );
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    await act(() => activateLanguage('ar'));
    try {
      const title = await screen.findByText('Introduction to Open Science');
      const heading = title.closest('h2')!;
      expect(heading).toHaveAttribute('lang', 'en');
      expectIsolatedInline(title, heading);
      const description = screen.getByText('Git & GitHub: branches, PRs & CI/CD!');
      expectIsolatedInline(description, description.closest('p')!);
      // An enrolled card's title is its link, the text isolated inside it.
      const link = screen.getByRole('link', { name: 'Open Hardware' });
      expectIsolatedInline(within(link).getByText('Open Hardware'), link.closest('h2')!);
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('lays out Arabic course text right to left though its first word is Latin (decision 177)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /course/approved?limit=12': list([
          summary({
            title_tr: 'FAIR: مبادئ البيانات المفتوحة',
            description_tr: 'R لغة مفتوحة المصدر، وستتعلم فيها 3 دروس.',
          }),
        ]),
      }).fetch,
    );
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    await act(() => activateLanguage('ar'));
    try {
      const title = await screen.findByText('FAIR: مبادئ البيانات المفتوحة');
      expect(title.closest('h2')).toHaveAttribute('lang', 'ar');
      expectIsolatedInline(title, title.closest('h2')!, 'rtl');
      const description = screen.getByText('R لغة مفتوحة المصدر، وستتعلم فيها 3 دروس.');
      expectIsolatedInline(description, description.closest('p')!, 'rtl');
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('clamps a description in its own direction, as wide as the text: the “…” ends it (decision 111)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /course/approved?limit=12': list([
          summary({ description: 'Git & GitHub: branches, PRs & CI/CD!' }),
          summary({ _id: 'other', description: 'Open hardware', description_tr: 'عتاد مفتوح' }),
        ]),
      }).fetch,
    );
    renderApp(<CourseCatalogue />, { route: '/dashboard' });
    await act(() => activateLanguage('ar'));
    try {
      // The clamped box is the text's own, in its direction (English: its "…" at the right), not the
      // page's; shrunk to the text, a short one sits at the page's start.
      for (const [text, dir] of [
        ['Git & GitHub: branches, PRs & CI/CD!', 'auto'],
        ['عتاد مفتوح', 'rtl'], // Arabic, whatever its first word (decision 177)
      ] as const) {
        const clamped = await screen.findByText(text);
        expect(clamped).toHaveClass('line-clamp-3', 'w-fit');
        expect(clamped).toHaveAttribute('dir', dir);
        expect(clamped.closest('p')).not.toHaveClass('line-clamp-3');
      }
    } finally {
      await act(() => activateLanguage('en'));
    }
  });

  it('searches on the server and loads more of the same results', async () => {
    const api = fakeApi({
      'GET /course/approved?limit=12&q=open': list([summary()], 21, 0, 'after-first'),
      'GET /course/approved?limit=12&q=open&after=after-first': list(
        [summary({ _id: 'second', title: 'Second' })],
        21,
        1,
        'after-second',
      ),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderApp(<CourseCatalogue />, { route: '/dashboard?q=open' });
    expect(await screen.findByText('21 courses found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more courses' }));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 21 courses')).toBeInTheDocument();
  });

  it('fetches the covers of the first row at once, the first one first; the others when scrolled to', async () => {
    const courses = Array.from({ length: 6 }, (_, i) =>
      summary({ _id: `course-${i}`, title: `Course ${i}`, preview_image: `/api/v1/files/cover-${i}` }),
    );
    vi.stubGlobal('fetch', fakeApi({ 'GET /course/approved?limit=12': list(courses) }).fetch);
    const { container } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Course 5' })).toBeInTheDocument();
    const covers = [...container.querySelectorAll('img')];
    expect(covers.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    // Only the first is the page's largest paint (decision 044).
    expect(covers.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'auto',
      'auto',
      'auto',
      'auto',
      'auto',
    ]);
  });

  it("shows a card's own placeholder for a cover that cannot be fetched, not a broken image", async () => {
    const courses = [summary({ _id: 'course-0', title: 'Course 0', preview_image: '/api/v1/files/gone' })];
    vi.stubGlobal('fetch', fakeApi({ 'GET /course/approved?limit=12': list(courses) }).fetch);
    const { container } = renderApp(<CourseCatalogue />, { route: '/dashboard' });
    const card = (await screen.findByRole('heading', { name: 'Course 0' })).closest('article')!;
    fireEvent.error(card.querySelector('img')!);
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg')).not.toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
    // Back online, it is tried again.
    fireEvent(window, new Event('online'));
    expect(await within(card).findByRole('presentation')).toHaveAttribute('src', '/api/v1/files/gone');
  });
});
