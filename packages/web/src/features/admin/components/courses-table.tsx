import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  useReactTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowDown, FiArrowUp } from 'react-icons/fi';
import {
  ADMIN_PAGE_SIZE,
  COURSE_SORTS,
  COURSE_STATUSES,
  type CourseSort,
  type CourseStatus,
  type CourseSummary,
} from '@app/shared';
import { useLanguage } from '../../../i18n/use-language.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import type { CourseTableView } from '../api/get-all-courses.ts';
import { statusName, useCourseColumns } from './courses-table-columns.tsx';
import './scroll-cues.css';

export interface CoursesTableProps {
  /** The page of courses the server returned for `view`. */
  courses: CourseSummary[];
  /** How many courses match the filter, on every page. */
  total: number;
  view: CourseTableView;
  onViewChange: (view: CourseTableView) => void;
  /** True while the page for a new view is loading (the previous one stays on screen). */
  busy?: boolean;
  onViewCourse: (courseId: string) => void;
}

/**
 * The admin table (description §2): Cover, Title, Contributor's name, Role, Email, Last Updated,
 * status, licence (#15), Actions; sortable columns, a status filter, pages of 10. The server sorts, filters and
 * pages (decision 018), so the order and the pages cover every course, not just those loaded. On
 * narrow screens it scrolls sideways inside a labelled, focusable region.
 */
export function CoursesTable({ courses, total, view, onViewChange, busy, onViewCourse }: CoursesTableProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const ids = useId();
  const sorting: SortingState = view.sort ? [{ id: view.sort, desc: view.desc }] : [];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const [next] = functionalUpdate(updater, sorting);
    onViewChange({
      ...view,
      sort: (next?.id as CourseSort | undefined) ?? null,
      desc: next?.desc ?? false,
      pageIndex: 0,
    });
  };

  // A review action can take its course off the page (approved while the table shows Pending, or moved
  // to another page by the order), and with it the focused menu button. The reader is then given the
  // row that took its place, to carry on down the list; with no row left, the table itself.
  const region = useRef<HTMLDivElement>(null);
  const shownIds = useRef<string[]>([]);
  const lostAt = useRef<number | null>(null);
  const onRemovedWithFocus = useCallback((courseId: string) => {
    lostAt.current = Math.max(0, shownIds.current.indexOf(courseId));
  }, []);
  useLayoutEffect(() => {
    shownIds.current = courses.map((course) => course._id);
    const at = lostAt.current;
    if (at === null) return;
    lostAt.current = null;
    const buttons = region.current?.querySelectorAll<HTMLElement>('[data-row-actions]') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? region.current)?.focus();
  }, [courses]);

  // New results (a search, a filter, another page) are read from their titles: the region goes back
  // to its start, where a row menu had scrolled it sideways to the Actions column on a phone (a
  // reviewer saw results as dates and statuses only). Not while the focus is in it (a sort button).
  useLayoutEffect(() => {
    const box = region.current;
    if (box && !box.contains(document.activeElement)) box.scrollLeft = 0;
  }, [view.q, view.status, view.pageIndex]);

  const columns = useCourseColumns(onViewCourse, onRemovedWithFocus);
  const searched = view.q;

  // TanStack Table keeps its own mutable state; the React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: courses,
    columns,
    state: { sorting, pagination: { pageIndex: view.pageIndex, pageSize: ADMIN_PAGE_SIZE } },
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    onSortingChange,
    getCoreRowModel: getCoreRowModel(),
    // Rows keyed by course, not by place: when a page comes back with a new course above (another
    // administrator's or contributor's change), an open actions menu and a pending action stay with
    // their course instead of passing to whichever course now sits in that row.
    getRowId: (course) => course._id,
  });

  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = view.pageIndex + 1;
  const from = courses.length === 0 ? 0 : view.pageIndex * ADMIN_PAGE_SIZE + 1;
  const to = view.pageIndex * ADMIN_PAGE_SIZE + courses.length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-status`} className="text-sm font-semibold text-ink">
            <Trans>Filter by status</Trans>
          </label>
          <select
            id={`${ids}-status`}
            value={view.status}
            onChange={(event) =>
              onViewChange({ ...view, status: event.target.value as CourseStatus | '', pageIndex: 0 })
            }
            // 16 px on phones: iOS zooms into smaller text on focus.
            className="min-h-10 rounded-md border border-gray-400 bg-white px-3 py-2 text-base text-ink focus:border-primary-dark focus:outline-none focus:ring-2 focus:ring-primary/30 sm:text-sm"
          >
            <option value="">{t`All statuses`}</option>
            {COURSE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusName(language, status).text}
              </option>
            ))}
          </select>
        </div>
        {/* As tall as the select, its line centred: level with the select's text. */}
        <p className="flex min-h-10 items-center text-sm text-muted" aria-live="polite">
          {total === 0 ? (
            <Trans>No courses to show</Trans>
          ) : (
            <Trans>
              Showing {from}–{to} of {total}
            </Trans>
          )}
        </p>
      </div>

      {/* Shadows at the edges it can still scroll towards (scroll-cues.css, decision 111). */}
      <div className="scroll-cues">
        <div
          ref={region}
          role="region"
          aria-labelledby={`${ids}-caption`}
          // A region that scrolls sideways must take keyboard focus so it can be scrolled without a mouse.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          // Chromium scrolls a control that takes the focus only when it is wholly out of view, so a
          // sort button or menu half past the region's edge stayed half hidden: bring the whole of it in.
          onFocus={({ target, currentTarget }) => {
            if (target !== currentTarget && target.matches(':focus-visible'))
              target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          }}
          aria-busy={busy || undefined}
          // `relative`: the region is the containing block of what it scrolls. Visually hidden text
          // (the caption, a licence link's "opens in a new tab") is absolutely positioned; without a
          // positioned ancestor here it escaped the scrolling and made the whole page ~1,000 px wide on a phone.
          // `@container`: the empty state's sentence is sized from this region's width (its row menus are
          // portalled out, so the containment it brings changes nothing else here).
          className={`scroll-cues-box @container relative overflow-x-auto rounded-lg border border-gray-200 bg-white ${busy ? 'opacity-60' : ''}`}
        >
          <table className="w-full min-w-[64rem] border-collapse text-sm">
            <caption id={`${ids}-caption`} className="sr-only">
              <Trans>All courses, with their contributors and status</Trans>
            </caption>
            <thead className="bg-gray-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    // The columns the server can order by (a licence header looked sortable, and its
                    // order was dropped from the request: nothing happened).
                    const sortable = (COURSE_SORTS as readonly string[]).includes(header.column.id);
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sortable
                            ? sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : 'none'
                            : undefined
                        }
                        className="border-b border-gray-200 px-3 py-3 text-start font-semibold whitespace-nowrap text-ink"
                      >
                        {sortable ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            // 40 px tall for a finger on a phone; the negative margin keeps the header row
                            // as tall as before (it eats into the cell's padding, not the table's height).
                            className="-my-2 inline-flex min-h-10 items-center gap-1 rounded hover:text-primary-darker"
                          >
                            {label}
                            {sorted === 'asc' ? (
                              <FiArrowUp aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <FiArrowDown aria-hidden="true" />
                            ) : (
                              <span aria-hidden="true" className="inline-block w-[1em]" />
                            )}
                          </button>
                        ) : (
                          label
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-b border-gray-100 last:border-b-0 hover:bg-gray-50"
                  data-testid="course-row"
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 align-middle text-ink">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
              {courses.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-8 text-muted">
                    {/* The row is as wide as the table (64rem): held at the scrolling region's start and
                      as wide as the region (`cqw`, the region being the query container) less this
                      cell's padding and a little, the sentence stays in view on a phone. Sized from the
                      viewport, it made the table scroll from 640 px up, the more the wider the screen. */}
                    <p className="sticky start-3 w-[calc(100cqw-2rem)] max-w-full text-center">
                      {searched ? (
                        <Trans>
                          No course with this status matches “<bdi>{searched}</bdi>”.
                        </Trans>
                      ) : (
                        <Trans>No course has this status.</Trans>
                      )}
                    </p>
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      </div>

      {/* Only over rows: an empty table has nothing more to show sideways (a reviewer on a phone). */}
      {courses.length > 0 ? (
        <p className="text-xs text-muted lg:hidden">
          <Trans>Scroll the table sideways to see every column.</Trans>
        </p>
      ) : null}

      <Pager
        label={t`Pages of the course table`}
        page={page}
        pageCount={pageCount}
        onPage={(next) => onViewChange({ ...view, pageIndex: next - 1 })}
      />
    </div>
  );
}
