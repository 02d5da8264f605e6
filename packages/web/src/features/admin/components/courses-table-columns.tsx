import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { useLingui } from '@lingui/react/macro';
import { STATUS_AR, type CourseStatus, type CourseSummary, type Language } from '@app/shared';
import { formatDate, isoDate } from '../../../lib/dates.ts';
import { pickLocalized, dirOf } from '../../../lib/localized.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StatusPill } from '../../../components/ui/status-pill.tsx';
import { LicenseBadge } from '../../../components/license-badge.tsx';
import { RowActionsMenu } from './row-actions-menu.tsx';

const column = createColumnHelper<CourseSummary>();

/** A status in the reader's language (the API's `status_tr`, else the shared Arabic name). */
export const statusName = (language: Language, status: CourseStatus, translated?: string) =>
  pickLocalized(language, status, translated || STATUS_AR[status]);

/**
 * The admin table's columns (description §2, #15): Cover, Title, Contributor's name, Role, Email, Last
 * Updated, Status, Licence, Actions.
 */
export function useCourseColumns(
  onViewCourse: (courseId: string) => void,
  onRemovedWithFocus?: (courseId: string) => void,
) {
  const { t } = useLingui();
  const language = useLanguage();
  return useMemo(
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
              // A long unbroken title breaks anywhere rather than pushing the other columns away.
              className="block min-w-32 font-semibold wrap-anywhere"
            >
              {/* The text isolated in its own direction, inline: the cell keeps the table's alignment. */}
              <span dir={dirOf(title.lang)}>{title.text}</span>
            </span>
          );
        },
      }),
      column.accessor((course) => `${course.createdBy.firstname} ${course.createdBy.lastname}`, {
        id: 'contributor',
        header: () => t`Contributor's name`,
        cell: ({ getValue }) => (
          <span className="block min-w-24 wrap-anywhere">
            <span dir="auto">{getValue()}</span>
          </span>
        ),
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
        // On one line up to 18rem, which the table keeps for it (it scrolls in its box when narrower);
        // only a longer address breaks. `wrap-anywhere` let the table squeeze every address to two lines.
        cell: ({ getValue }) => <bdi className="block max-w-72 min-w-40 wrap-break-word">{getValue()}</bdi>,
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
        cell: ({ row }) => {
          const name = statusName(language, row.original.status, row.original.status_tr);
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
            onRemovedWithFocus={onRemovedWithFocus}
          />
        ),
      }),
    ],
    [language, t, onViewCourse, onRemovedWithFocus],
  );
}
