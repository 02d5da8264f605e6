import { useId, useMemo, useState } from 'react';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from '@tanstack/react-table';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowDown, FiArrowUp, FiChevronLeft, FiChevronRight } from 'react-icons/fi';
import { COURSE_STATUSES, STATUS_AR, type CourseStatus, type CourseSummary } from '@app/shared';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { pickLocalized } from '../../../lib/localized.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { LicenseBadge } from '../../../components/license-badge.tsx';
import { RowActionsMenu } from './row-actions-menu.tsx';

export const PAGE_SIZE = 10;

const column = createColumnHelper<CourseSummary>();

export interface CoursesTableProps {
  courses: CourseSummary[];
  onViewCourse: (courseId: string) => void;
}

/**
 * The admin table (description §2): Cover, Title, Contributor's name, Role, Email, Last Updated,
 * status, licence (#15), Actions; sortable columns, a status filter, pages of 10. On narrow screens it scrolls
 * sideways inside a labelled, focusable region.
 */
export function CoursesTable({ courses, onViewCourse }: CoursesTableProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const ids = useId();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filters, setFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const statusFilter = (filters.find((filter) => filter.id === 'status')?.value as string | undefined) ?? '';

  const statusName = (status: CourseStatus, translated?: string) =>
    pickLocalized(language, status, translated || STATUS_AR[status]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'cover',
        header: () => t`Cover`,
        cell: ({ row }) =>
          row.original.preview_image ? (
            <img
              src={row.original.preview_image}
              alt=""
              className="h-12 w-20 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span className="block h-12 w-20 rounded bg-gray-100" />
          ),
      }),
      column.accessor((course) => pickLocalized(language, course.title, course.title_tr).text, {
        id: 'title',
        header: () => t`Title`,
        cell: ({ row }) => {
          const title = pickLocalized(language, row.original.title, row.original.title_tr);
          return (
            <span
              lang={title.lang === language ? undefined : title.lang}
              dir="auto"
              className="font-semibold"
            >
              {title.text}
            </span>
          );
        },
      }),
      column.accessor((course) => `${course.createdBy.firstname} ${course.createdBy.lastname}`, {
        id: 'contributor',
        header: () => t`Contributor's name`,
        cell: ({ getValue }) => <span dir="auto">{getValue()}</span>,
      }),
      column.accessor(
        (course) => pickLocalized(language, course.createdBy.role, course.createdBy.role_tr).text,
        {
          id: 'role',
          header: () => t`Role`,
        },
      ),
      column.accessor((course) => course.createdBy.email, {
        id: 'email',
        header: () => t`Email`,
        cell: ({ getValue }) => <bdi className="whitespace-nowrap">{getValue()}</bdi>,
      }),
      column.accessor((course) => new Date(course.updatedAt).getTime(), {
        id: 'updatedAt',
        header: () => t`Last Updated`,
        cell: ({ row }) => (
          <time dateTime={isoDate(row.original.updatedAt)} className="whitespace-nowrap">
            {formatDate(row.original.updatedAt, 'dayFirst', language)}
          </time>
        ),
      }),
      column.accessor('status', {
        id: 'status',
        header: () => t`Status`,
        filterFn: 'equals',
        cell: ({ row }) => {
          const name = statusName(row.original.status, row.original.status_tr);
          return (
            <StatusPill
              status={row.original.status}
              board="admin"
              label={name.text}
              lang={name.lang === language ? undefined : name.lang}
            />
          );
        },
      }),
      column.accessor('license', {
        id: 'license',
        header: () => t`Licence`,
        cell: ({ row }) => <LicenseBadge license={row.original.license} compact />,
      }),
      column.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: ({ row }) => (
          <RowActionsMenu
            course={row.original}
            title={pickLocalized(language, row.original.title, row.original.title_tr).text}
            onViewCourse={onViewCourse}
          />
        ),
      }),
    ],
    // statusName only depends on `language`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [language, t, onViewCourse],
  );

  // TanStack Table keeps its own mutable state; the React Compiler must not memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: courses,
    columns,
    state: { sorting, columnFilters: filters, pagination },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const shown = table.getFilteredRowModel().rows.length;
  const pageCount = Math.max(1, table.getPageCount());
  const page = pagination.pageIndex + 1;
  const from = shown === 0 ? 0 : pagination.pageIndex * PAGE_SIZE + 1;
  const to = Math.min(shown, (pagination.pageIndex + 1) * PAGE_SIZE);
  const present = COURSE_STATUSES.filter((status) => courses.some((course) => course.status === status));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-status`} className="text-sm font-semibold text-ink">
            <Trans>Filter by status</Trans>
          </label>
          <select
            id={`${ids}-status`}
            value={statusFilter}
            onChange={(event) => {
              const value = event.target.value;
              setFilters(value ? [{ id: 'status', value }] : []);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
            className="min-h-10 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-ink focus:border-primary-dark focus:outline-none focus:ring-2 focus:ring-primary/30"
          >
            <option value="">{t`All statuses`}</option>
            {present.map((status) => (
              <option key={status} value={status}>
                {statusName(status).text}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          <Trans>
            Showing {from}–{to} of {shown}
          </Trans>
        </p>
      </div>

      <div
        role="region"
        aria-labelledby={`${ids}-caption`}
        // A region that scrolls sideways must take keyboard focus so it can be scrolled without a mouse.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
      >
        <table className="w-full min-w-[64rem] border-collapse text-sm">
          <caption id={`${ids}-caption`} className="sr-only">
            <Trans>All courses, with their contributors and status</Trans>
          </caption>
          <thead className="bg-gray-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort() && header.column.id !== 'cover';
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
                          className="inline-flex items-center gap-1 rounded hover:text-primary-darker"
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
            {shown === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-muted">
                  <Trans>No course has this status.</Trans>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <p className="text-xs text-muted lg:hidden">
        <Trans>Scroll the table sideways to see every column.</Trans>
      </p>

      <nav
        aria-label={t`Pages of the course table`}
        className="flex flex-wrap items-center justify-end gap-3"
      >
        <button
          type="button"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
          className="inline-flex min-h-10 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <FiChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Previous</Trans>
        </button>
        <span className="text-sm text-ink">
          <Trans>
            Page {page} of {pageCount}
          </Trans>
        </span>
        <button
          type="button"
          onClick={() => table.nextPage()}
          disabled={!table.getCanNextPage()}
          className="inline-flex min-h-10 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Trans>Next</Trans>
          <FiChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
        </button>
      </nav>
    </div>
  );
}
