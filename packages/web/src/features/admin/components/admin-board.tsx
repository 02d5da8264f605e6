import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiPlus } from 'react-icons/fi';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ErrorPanel, shownData, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { NoSearchResults } from '../../../components/no-search-results.tsx';
import { emptyPanelClass } from '../../../components/ui/empty-panel.ts';
import { allCoursesQuery } from '../api/get-all-courses.ts';
import { CoursesTable } from './courses-table.tsx';
import { useLastPageWhenPastTheEnd } from '../../../lib/page-in-address.ts';
import { useTableView } from './table-view-address.ts';

const addLinkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker';

export interface AdminBoardProps {
  /** "View course": the page opens the edit form in the modal. */
  onViewCourse: (courseId: string) => void;
}

/** /admin/dashboard (description §2 "Admin Board"). */
export function AdminBoard({ onViewCourse }: AdminBoardProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Admin Board`);
  // Page, order, status and search are the address's (decision 097): a reload, Back from the course
  // form and a shared link come back to the same place in the list.
  const [view, setView] = useTableView();
  const courses = useQuery(allCoursesQuery(view, useLanguage()));
  const failure = useShownFailure(courses);
  // Tried again after failing, the page shows its panel, not the rows of the page asked before.
  const shown = shownData(courses, failure);
  const total = shown?.pagination.total ?? 0;
  const rows = shown?.data ?? [];

  const settled = courses.isSuccess && !courses.isPlaceholderData;
  useLastPageWhenPastTheEnd(view.pageIndex, ADMIN_PAGE_SIZE, settled ? total : undefined);

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold text-ink">
        <Trans>Admin Board</Trans>
      </h1>

      {courses.isPending && !failure ? <PageSpinner /> : null}

      {failure ? (
        <ErrorPanel
          message={<Trans>Fetching data failed</Trans>}
          error={failure}
          onRetry={() => courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}

      {shown ? (
        <section aria-labelledby="all-courses-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="all-courses-heading" className="text-xl font-semibold text-ink">
              <Trans>All Courses</Trans>
            </h2>
            <Link to={paths.addCourse} className={addLinkClass}>
              <FiPlus aria-hidden="true" />
              <Trans>Add New Course</Trans>
            </Link>
          </div>
          {total === 0 && !view.status && view.q ? (
            <NoSearchResults q={view.q} className={emptyPanelClass} />
          ) : total === 0 && !view.status ? (
            <p className={`${emptyPanelClass} text-center text-lg font-semibold text-ink`}>
              <Trans>No Course Added</Trans>
            </p>
          ) : (
            <CoursesTable
              courses={rows}
              total={total}
              view={view}
              onViewChange={setView}
              busy={courses.isPlaceholderData}
              onViewCourse={onViewCourse}
            />
          )}
        </section>
      ) : null}
    </main>
  );
}
