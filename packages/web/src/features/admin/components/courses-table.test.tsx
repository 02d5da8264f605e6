import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import toast, { Toaster } from 'react-hot-toast';
import type { CourseStatus, CourseSummary, Language } from '@app/shared';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { expectIsolatedInline } from '../../../test/bidi.ts';
import { initialTableView, type CourseTableView } from '../api/get-all-courses.ts';
import { CoursesTable } from './courses-table.tsx';

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
});

const course = (n: number, status: CourseStatus, extra: Partial<CourseSummary> = {}): CourseSummary => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Course ${String(n).padStart(2, '0')}`,
  title_tr: `دورة ${n}`,
  description: 'd',
  description_tr: null,
  author: 'a',
  license: 'CC-BY-4.0',
  status,
  status_tr: {
    Pending: 'قيد المراجعة',
    Approved: 'معتمدة',
    Draft: 'مسودة',
    Archived: 'مؤرشفة',
    Rejected: 'مرفوضة',
  }[status],
  isAvailable: true,
  enableEditing: true,
  preview_image: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: `2026-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  createdBy: {
    _id: 'c',
    firstname: 'Hala',
    lastname: 'Author',
    email: 'hala@example.test',
    role: 'Contributor',
    role_tr: 'مساهم',
  },
  enrolled_users: [],
  enrolled_count: 0,
  enrolled: false,
  ...extra,
});

const ten = Array.from({ length: 10 }, (_, i) => course(i + 1, i % 3 === 0 ? 'Pending' : 'Draft'));

/** The table is controlled: the server pages, sorts and filters; it reports the view it wants next. */
/** The table as a function of its rows, to render again with other rows (one client, one view). */
function tableOf(view: CourseTableView) {
  const [client, onViewChange, onViewCourse] = [new QueryClient(), vi.fn(), vi.fn()];
  return (courses: CourseSummary[]) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <CoursesTable
          courses={courses}
          total={courses.length}
          view={view}
          onViewChange={onViewChange}
          onViewCourse={onViewCourse}
        />
      </QueryClientProvider>
    </I18nProvider>
  );
}

async function renderTable(
  courses: CourseSummary[],
  {
    language = 'en',
    total = courses.length,
    view = initialTableView,
  }: {
    language?: Language;
    total?: number;
    view?: CourseTableView;
  } = {},
) {
  await activateLanguage(language);
  const onViewCourse = vi.fn();
  const onViewChange = vi.fn<(view: CourseTableView) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <CoursesTable
          courses={courses}
          total={total}
          view={view}
          onViewChange={onViewChange}
          onViewCourse={onViewCourse}
        />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onViewCourse, onViewChange };
}

const bodyRows = () => screen.getAllByTestId('course-row');

/** The server's answer to an action that leaves the course `status`, saying `message`. */
const done = (message: string, status: CourseStatus) => ({
  success: true,
  message,
  data: { status, isAvailable: true, enableEditing: true },
});

/**
 * A server answering every request with `body` (HTTP `status`) after `answer()` is called, or at once,
 * recording what it was sent.
 */
function stubServer(body: object, { held = false, status = 200 } = {}) {
  const calls: { url: string; method?: string; body?: unknown }[] = [];
  let answer: () => void = () => {};
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({
      url,
      method: init?.method,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const response = () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    return held ? new Promise<Response>((resolve) => (answer = () => resolve(response()))) : response();
  });
  return { calls, urls: () => calls.map((call) => call.url), answer: () => answer() };
}

/** Opens a row's menu by its button's name ("Actions for …") and chooses `item`; the button. */
async function choose(button: string, item: string) {
  const trigger = screen.getByRole('button', { name: button });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
  return trigger;
}

describe('CoursesTable', () => {
  it('shows a page of 10 with the description’s columns and asks for the next one', async () => {
    const { onViewChange } = await renderTable(ten, { total: 12 });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Cover',
      'Title',
      "Contributor's name",
      'Role',
      'Email',
      'Last Updated',
      'Status',
      'Licence',
      'Actions',
    ]);
    expect(bodyRows()).toHaveLength(10);
    // The licence badge links to the deed, named by the licence for screen readers.
    const badge = within(bodyRows()[0]!).getByRole('link', { name: /CC BY 4.0/ });
    expect(badge).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(within(bodyRows()[0]!).getByText('1st March, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ ...initialTableView, pageIndex: 1 });
  });

  it('shows the last page as the server sent it', async () => {
    await renderTable(ten.slice(0, 2), { total: 12, view: { ...initialTableView, pageIndex: 1 } });
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 11–12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('asks the server for a column’s order and a status, from the first page', async () => {
    const { onViewChange } = await renderTable(ten, {
      total: 12,
      view: { ...initialTableView, pageIndex: 1 },
    });
    const title = screen.getByRole('columnheader', { name: 'Title' });
    expect(title).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(title).getByRole('button'));
    expect(onViewChange).toHaveBeenLastCalledWith({ ...initialTableView, sort: 'title', desc: false });
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Pending' } });
    expect(onViewChange).toHaveBeenLastCalledWith({ ...initialTableView, status: 'Pending' });
    // Every status a course can be in can be chosen (the page on screen does not show them all),
    // Rejected too since a course can be sent back with a note (decision 206).
    expect(
      within(screen.getByLabelText('Filter by status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Pending', 'Approved', 'Draft', 'Archived', 'Rejected']);
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'Rejected' } });
    expect(onViewChange).toHaveBeenLastCalledWith({ ...initialTableView, status: 'Rejected' });
  });

  it('offers an order only on the columns the server orders by', async () => {
    await renderTable(ten);
    const sortable = screen
      .getAllByRole('columnheader')
      .filter((header) => within(header).queryByRole('button'))
      .map((header) => header.textContent);
    expect(sortable).toEqual(['Title', "Contributor's name", 'Role', 'Email', 'Last Updated', 'Status']);
    expect(screen.getByRole('columnheader', { name: 'Licence' })).not.toHaveAttribute('aria-sort');
  });

  it('shows the order it was given and asks for the reverse on a second click', async () => {
    const { onViewChange } = await renderTable(ten, {
      view: { ...initialTableView, sort: 'title', desc: false },
    });
    const title = screen.getByRole('columnheader', { name: 'Title' });
    expect(title).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(title).getByRole('button'));
    expect(onViewChange).toHaveBeenLastCalledWith({ ...initialTableView, sort: 'title', desc: true });
  });

  it('shows new results from their start: a search, a filter or another page scrolls the region back (not while it has the focus)', async () => {
    await activateLanguage('en');
    const table = (view: CourseTableView) => (
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <CoursesTable courses={ten} total={12} view={view} onViewChange={vi.fn()} onViewCourse={vi.fn()} />
        </QueryClientProvider>
      </I18nProvider>
    );
    const { rerender } = render(table(initialTableView));
    const region = screen.getByRole('region');
    // A row menu scrolled it sideways to the Actions column.
    region.scrollLeft = 400;
    rerender(table({ ...initialTableView, q: 'soil' }));
    expect(region.scrollLeft).toBe(0);
    region.scrollLeft = 400;
    rerender(table({ ...initialTableView, q: 'soil', status: 'Pending' }));
    expect(region.scrollLeft).toBe(0);
    // A sort button in the region has the focus: it stays where the reader is.
    region.scrollLeft = 400;
    screen.getAllByRole('button', { name: /Title/ })[0]!.focus();
    rerender(table({ ...initialTableView, q: 'soil', status: 'Pending', pageIndex: 1 }));
    expect(region.scrollLeft).toBe(400);
  });

  it('tells a phone reader the rows scroll sideways', async () => {
    await renderTable([course(1, 'Pending')]);
    expect(screen.getByText('Scroll the table sideways to see every column.')).toBeInTheDocument();
  });

  it('says so when no course has the chosen status', async () => {
    await renderTable([], { total: 0, view: { ...initialTableView, status: 'Archived' } });
    expect(screen.getByText('No course has this status.')).toBeInTheDocument();
    expect(screen.getByText('No courses to show')).toBeInTheDocument();
    // No row to scroll sideways to.
    expect(screen.queryByText('Scroll the table sideways to see every column.')).toBeNull();
    expect(screen.queryByText(/Showing/)).toBeNull();
  });

  it('names the search when nothing of the chosen status matches it', async () => {
    await renderTable([], { total: 0, view: { ...initialTableView, status: 'Archived', q: 'soil' } });
    expect(screen.getByRole('table')).toHaveTextContent('No course with this status matches “soil”.');
    expect(screen.queryByText('No course has this status.')).toBeNull();
  });

  it('writes titles, roles, statuses and dates in Arabic', async () => {
    await renderTable([course(5, 'Approved')], { language: 'ar' });
    const row = bodyRows()[0]!;
    expect(within(row).getByText('دورة 5')).toBeInTheDocument();
    expect(within(row).getByText('مساهم')).toBeInTheDocument();
    expect(within(row).getByText('معتمدة')).toHaveAttribute('data-tone', 'green');
    expect(within(row).getByText('5 مارس 2026')).toBeInTheDocument();
  });

  it('isolates the title and the contributor’s name in their own direction; the cells keep the table’s', async () => {
    await renderTable([course(5, 'Approved', { title_tr: null })], { language: 'ar' });
    try {
      const row = bodyRows()[0]!;
      const title = within(row).getByText('Course 05');
      expectIsolatedInline(title, title.closest('td')!);
      // The English fallback says its language on the cell's box (fonts, screen readers).
      expect(title.parentElement).toHaveAttribute('lang', 'en');
      const name = within(row).getByText('Hala Author');
      expectIsolatedInline(name, name.closest('td')!);
    } finally {
      await activateLanguage('en');
    }
  });

  it('writes the course at the top of its menu in its own language and direction (an English fallback too)', async () => {
    stubServer(done('Course approved', 'Approved'));
    await renderTable([course(1, 'Pending'), course(2, 'Pending', { title_tr: null })], { language: 'ar' });
    for (const [name, lang, dir] of [
      ['دورة 1', 'ar', 'rtl'],
      ['Course 02', 'en', 'auto'],
    ] as const) {
      fireEvent.keyDown(screen.getByRole('button', { name: `إجراءات ${name}` }), { key: 'Enter' });
      const menu = await screen.findByRole('menu');
      const title = within(menu).getByText(name);
      expect(title.tagName).toBe('BDI');
      expect(title).toHaveAttribute('lang', lang);
      expect(title).toHaveAttribute('dir', dir);
      fireEvent.keyDown(menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
  });

  it('runs a row action from the keyboard menu and shows the server message', async () => {
    const { urls } = stubServer(done('Course approved', 'Approved'));
    await renderTable([course(1, 'Pending')]);
    const trigger = screen.getByRole('button', { name: 'Actions for Course 01' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['View course', 'Approve course', 'Reject with a note…', 'Disable editing', 'Archive course']);
    // The course it acts on is written at its top (its row's title may be scrolled out of sight).
    expect(menu.firstElementChild).toHaveTextContent(/^Course 01$/);
    expect(menu).toHaveAccessibleName('Actions for Course 01');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Approve course' }));
    // The server's message, and which course: its row may have left the page.
    expect(await screen.findByText('Course approved: \u2068Course 01\u2069')).toBeInTheDocument();
    expect(urls()).toEqual(['/api/v1/course/approve/00000000-0000-4000-8000-000000000001']);
  });

  it('sends a switch as the state its label promises (?to=), not a flip (decision 098)', async () => {
    const data = { status: 'Pending', isAvailable: true, enableEditing: false };
    const { urls } = stubServer({ success: true, message: 'Editing disabled', data });
    await renderTable([course(1, 'Pending')]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Course 01' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Disable editing' }));
    expect(await screen.findByText('Editing disabled: \u2068Course 01\u2069')).toBeInTheDocument();
    expect(urls()).toEqual(['/api/v1/course/toggle-editing/00000000-0000-4000-8000-000000000001?to=off']);
  });

  it('keeps an open menu with its course when the page comes back with a new course above it', async () => {
    await activateLanguage('en');
    const table = tableOf(initialTableView);
    const { rerender } = render(table([course(1, 'Pending'), course(2, 'Pending')]));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Course 01' }), { key: 'Enter' });
    await screen.findByRole('menu', { name: 'Actions for Course 01' });
    // A course whose editing is locked arrives first: the open menu is still Course 01's, with its items.
    rerender(
      table([course(3, 'Pending', { enableEditing: false }), course(1, 'Pending'), course(2, 'Pending')]),
    );
    const menu = screen.getByRole('menu', { name: 'Actions for Course 01' });
    expect(within(menu).getByRole('menuitem', { name: 'Disable editing' })).toBeInTheDocument();
    // The trigger that is open is the second row's, where Course 01 now is (the others are hidden
    // from assistive technology while the menu is open, so they are found by test id).
    expect(
      screen.getAllByTestId('row-actions').map((trigger) => trigger.getAttribute('aria-expanded')),
    ).toEqual(['false', 'true', 'false']);
    expect(screen.getAllByTestId('course-row')[1]).toHaveTextContent('Course 01');
  });

  it('asks before archiving (decision 198): nothing runs until confirmed, and Cancel or Escape runs nothing', async () => {
    const { calls } = stubServer(done('Course archived', 'Archived'));
    await renderTable([course(1, 'Approved')]);
    const trigger = await choose('Actions for Course 01', 'Archive course');
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive this course?' });
    // What it does, naming the course (isolated: a title in the other script inside the sentence).
    expect(dialog).toHaveAccessibleDescription(
      'Course 01 leaves the catalogue and its contributor’s list, and the learners enrolled in it can no longer open it. Un-archive (status filter: Archived) brings it back for review; they get it back, with their progress, once it is approved again.',
    );
    expect(within(dialog).getByText('Course 01').tagName).toBe('BDI');
    // The harmless answer has the focus: an Enter pressed on the way archives nothing.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Escape answers it too.
    await choose('Actions for Course 01', 'Archive course');
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(calls).toEqual([]);
  });

  it('archives once confirmed, the confirm button busy meanwhile, then says so with the focus on the row’s button', async () => {
    const server = stubServer(done('Course archived', 'Archived'), { held: true });
    await renderTable([course(1, 'Draft')]);
    const trigger = await choose('Actions for Course 01', 'Archive course');
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive this course?' });
    // A draft comes back as a draft.
    expect(dialog).toHaveAccessibleDescription(
      'Course 01 leaves its contributor’s list. Un-archive (status filter: Archived) brings it back as a draft.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Archive course' });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    expect(server.urls()).toEqual(['/api/v1/course/archive/00000000-0000-4000-8000-000000000001?to=on']);
    // Pressed again, or answered by Escape, while it runs: nothing more, and the dialog waits.
    fireEvent.click(confirm);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    server.answer();
    expect(await screen.findByText('Course archived: \u2068Course 01\u2069')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(server.calls).toHaveLength(1);
  });

  it('asks before revoking an approval, in Arabic too, and runs it once confirmed', async () => {
    const { calls, urls } = stubServer(done('تم سحب اعتماد الدورة', 'Pending'));
    await renderTable([course(1, 'Approved')], { language: 'ar' });
    try {
      await choose('إجراءات دورة 1', 'سحب الاعتماد');
      const dialog = await screen.findByRole('alertdialog', { name: 'سحب اعتماد هذه الدورة؟' });
      const name = within(dialog).getByText('دورة 1');
      expect(name.tagName).toBe('BDI');
      expect(name).toHaveAttribute('dir', 'rtl');
      expect(dialog).toHaveAccessibleDescription(/^ستعود الدورة دورة 1 إلى حالة «قيد المراجعة»/);
      expect(calls).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: 'سحب الاعتماد' }));
      expect(await screen.findByText('تم سحب اعتماد الدورة: \u2068دورة 1\u2069')).toBeInTheDocument();
      expect(urls()).toEqual(['/api/v1/course/pending/00000000-0000-4000-8000-000000000001']);
    } finally {
      await activateLanguage('en');
    }
  });

  it('approves, and switches availability, in one tap: nothing asks', async () => {
    const { calls } = stubServer(done('Course approved', 'Approved'));
    await renderTable([course(1, 'Pending'), course(2, 'Approved')]);
    await choose('Actions for Course 01', 'Approve course');
    expect(await screen.findByText('Course approved: \u2068Course 01\u2069')).toBeInTheDocument();
    await choose('Actions for Course 02', 'Make unavailable');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("says 'Request failed' when an action fails", async () => {
    stubServer({ success: false, code: 'INVALID_TRANSITION', message: 'Only pending.' }, { status: 409 });
    await renderTable([course(1, 'Pending')]);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Course 01' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve course' }));
    await waitFor(() => expect(screen.getByText('Request failed')).toBeInTheDocument());
  });

  it('keeps the focus on the menu button while the action runs, and does not open the menu meanwhile', async () => {
    const server = stubServer(done('Course approved', 'Approved'), { held: true });
    await renderTable([course(1, 'Pending')]);
    const trigger = screen.getByRole('button', { name: 'Actions for Course 01' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve course' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The menu hands the focus back to its button, which says it is busy rather than being disabled.
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toBeEnabled();
    expect(trigger).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    expect(screen.queryByRole('menu')).toBeNull();

    server.answer();
    expect(await screen.findByText('Course approved: \u2068Course 01\u2069')).toBeInTheDocument();
    await waitFor(() => expect(trigger).not.toHaveAttribute('aria-disabled'));
    expect(trigger).toHaveFocus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('lets Tab leave an open menu as from its button: on to what follows it, or back to the button', async () => {
    await renderTable([course(1, 'Pending'), course(2, 'Draft')]);
    const first = screen.getByRole('button', { name: 'Actions for Course 01' });
    // What Tab reaches from the button: the next row's first link (its licence).
    const after = within(bodyRows()[1]!).getByRole('link');
    expect(first.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const shiftKey of [false, true]) {
      first.focus();
      fireEvent.keyDown(first, { key: 'Enter' });
      const item = await screen.findByRole('menuitem', { name: 'View course' });
      await waitFor(() => expect(item).toHaveFocus());
      fireEvent.keyDown(item, { key: 'Tab', shiftKey });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await waitFor(() => expect(shiftKey ? first : after).toHaveFocus());
    }
  });

  it('gives the focus to the row that takes the place of a course gone from the page, or to the table', async () => {
    await activateLanguage('en');
    const table = tableOf({ ...initialTableView, status: 'Pending' });
    const { rerender } = render(table([course(1, 'Pending'), course(2, 'Pending'), course(3, 'Pending')]));
    // The refreshed page without the course whose button has the focus (approved: no longer pending).
    screen.getByRole('button', { name: 'Actions for Course 02' }).focus();
    rerender(table([course(1, 'Pending'), course(3, 'Pending')]));
    expect(screen.getByRole('button', { name: 'Actions for Course 03' })).toHaveFocus();
    // The last row gone: the row above, now the last.
    rerender(table([course(1, 'Pending')]));
    expect(screen.getByRole('button', { name: 'Actions for Course 01' })).toHaveFocus();
    // No row left: the table's scrolling region, named by its caption.
    rerender(table([]));
    expect(
      screen.getByRole('region', { name: 'All courses, with their contributors and status' }),
    ).toHaveFocus();
    // A course that leaves without the focus takes nothing with it.
    rerender(table([course(4, 'Pending'), course(5, 'Pending')]));
    screen.getByRole('button', { name: 'Title' }).focus();
    rerender(table([course(5, 'Pending')]));
    expect(screen.getByRole('button', { name: 'Title' })).toHaveFocus();
  });
});

/** Decision 206: "Reject with a note…" on a pending course. */
describe('Reject with a note', () => {
  const REJECTED = done('Course returned to its author with your note', 'Rejected');

  it('opens a dialog naming the course, with the note field focused; Cancel and Escape send nothing', async () => {
    const { calls } = stubServer(REJECTED);
    await renderTable([course(1, 'Pending')]);
    const trigger = await choose('Actions for Course 01', 'Reject with a note…');
    const dialog = await screen.findByRole('dialog', { name: 'Reject with a note' });
    expect(dialog).toHaveAccessibleDescription(
      'Course 01 goes back to its author as Rejected. They are e-mailed your note and see it on the course, and can edit it and submit it again.',
    );
    expect(within(dialog).getByText('Course 01').tagName).toBe('BDI');
    const note = within(dialog).getByRole('textbox', { name: 'Note to the author' });
    await waitFor(() => expect(note).toHaveFocus());
    expect(note).toBeRequired();
    expect(note).toHaveAttribute('maxlength', '1000');
    expect(note).toHaveAccessibleDescription(
      'Required, up to 1000 characters. Say what to change before the course can be approved.',
    );
    fireEvent.change(note, { target: { value: 'Add sources' } });
    expect(within(dialog).getByTestId('note-count')).toHaveTextContent('11 / 1000');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Opened again, the typed note is still there (a draft); Escape closes it too, keeping it again.
    await choose('Actions for Course 01', 'Reject with a note…');
    const again = await screen.findByRole('textbox', { name: 'Note to the author' });
    await waitFor(() => expect(again).toHaveValue('Add sources'));
    expect(screen.getByTestId('note-count')).toHaveTextContent('11 / 1000');
    fireEvent.change(again, { target: { value: 'Add sources, please' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await choose('Actions for Course 01', 'Reject with a note…');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Note to the author' })).toHaveValue('Add sources, please'),
    );
    expect(calls).toEqual([]);
  });

  it('keeps a draft per course and drops it once the note is sent', async () => {
    stubServer(REJECTED);
    await renderTable([course(1, 'Pending'), course(2, 'Pending')]);
    await choose('Actions for Course 01', 'Reject with a note…');
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'For the first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Another course: its own, empty note.
    await choose('Actions for Course 02', 'Reject with a note…');
    expect(await screen.findByRole('textbox')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await choose('Actions for Course 01', 'Reject with a note…');
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveValue('For the first'));
    fireEvent.click(screen.getByRole('button', { name: 'Send back to the author' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await choose('Actions for Course 01', 'Reject with a note…');
    expect(await screen.findByRole('textbox')).toHaveValue('');
  });

  it('sends one request for a double click or a fast second Enter', async () => {
    const server = stubServer(REJECTED, { held: true });
    await renderTable([course(1, 'Pending')]);
    await choose('Actions for Course 01', 'Reject with a note…');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Cite your sources' } });
    const send = within(dialog).getByRole('button', { name: 'Send back to the author' });
    fireEvent.click(send);
    fireEvent.click(send);
    fireEvent.submit(send.closest('form')!);
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(1);
    server.answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls).toHaveLength(1);
  });

  it('refuses an empty or blank note in the reader’s language, without asking the server', async () => {
    const { calls } = stubServer(REJECTED);
    await renderTable([course(1, 'Pending')]);
    await choose('Actions for Course 01', 'Reject with a note…');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back to the author' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note to the author' });
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(note).toHaveAccessibleDescription(/^This field is required\./);
    await waitFor(() => expect(note).toHaveFocus());
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back to the author' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(/^This field is required\./));
    expect(calls).toEqual([]);
  });

  it('sends the note, busy meanwhile (Escape waits), then says so with the focus on the row’s button', async () => {
    const server = stubServer(REJECTED, { held: true });
    await renderTable([course(1, 'Pending')]);
    const trigger = await choose('Actions for Course 01', 'Reject with a note…');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: '  Cite your sources.\nThanks  ' },
    });
    const send = within(dialog).getByRole('button', { name: 'Send back to the author' });
    fireEvent.click(send);
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    expect(server.calls).toEqual([
      {
        url: '/api/v1/course/reject/00000000-0000-4000-8000-000000000001',
        method: 'POST',
        // The schema's output: trimmed.
        body: { reason: 'Cite your sources.\nThanks' },
      },
    ]);
    expect(trigger).toHaveAttribute('aria-disabled', 'true');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog')).toBe(dialog);
    server.answer();
    expect(
      await screen.findByText('Course returned to its author with your note: \u2068Course 01\u2069'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(server.calls).toHaveLength(1);
  });

  it('keeps the dialog open with the server’s words under the field when it refuses the note', async () => {
    stubServer(
      {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Invalid input',
        errors: [{ path: 'reason', message: 'This value is not valid.' }],
      },
      { status: 400 },
    );
    await renderTable([course(1, 'Pending')]);
    await choose('Actions for Course 01', 'Reject with a note…');
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox');
    fireEvent.change(note, { target: { value: 'Fine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send back to the author' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription(/^This value is not valid\./));
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(note).toHaveValue('Fine');
  });

  it('is in Arabic for an Arabic reader, its refusal too', async () => {
    const { calls } = stubServer(REJECTED);
    await renderTable([course(1, 'Pending')], { language: 'ar' });
    try {
      await choose('إجراءات دورة 1', 'رفض مع ملاحظة…');
      const dialog = await screen.findByRole('dialog', { name: 'رفض مع ملاحظة' });
      expect(dialog).toHaveAccessibleDescription(/^ستعود الدورة دورة 1 إلى مؤلفها بحالة «مرفوضة»/);
      fireEvent.click(within(dialog).getByRole('button', { name: 'إعادتها إلى المؤلف' }));
      const note = within(dialog).getByRole('textbox', { name: 'ملاحظة إلى المؤلف' });
      await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
      expect(note).not.toHaveAccessibleDescription(/required/i);
      expect(calls).toEqual([]);
    } finally {
      await activateLanguage('en');
    }
  });
});
