import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CONTRIBUTOR_PAGE_SIZE } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiPlus } from 'react-icons/fi';
import { currentUserQuery, getUserId } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ErrorPanel, shownData, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { NoSearchResults } from '../../../components/no-search-results.tsx';
import { emptyPanelClass } from '../../../components/ui/empty-panel.ts';
import { useAddressedPage, useLastPageWhenPastTheEnd, withPageIndex } from '../../../lib/page-in-address.ts';
import { contributorCoursesQuery } from '../api/get-contributor-courses.ts';
import { CourseCard } from './course-card.tsx';
import { EditCourseModal } from './edit-course-modal.tsx';
import { useEditedCourse } from '../hooks/use-edited-course.ts';

const addLinkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker';

/**
 * /contributor/dashboard: 'Your Courses' as cards, a page at a time from the server, searched from the
 * header's box (decision 056); a card opens the edit form in a modal, named in the address (`?edit=`).
 */
export function ContributorBoard() {
  const { t } = useLingui();
  useDocumentTitle(t`Your Courses`);
  const viewer = useQuery(currentUserQuery);
  const userId = viewer.data?._id ?? getUserId() ?? '';
  // The page is the address's, beside the header's `?q=` (decision 097).
  const { q, pageIndex, setParams } = useAddressedPage(CONTRIBUTOR_PAGE_SIZE);
  // A page the reader picks is a new history entry: Back returns to the page before.
  const setPageIndex = (index: number) => setParams((current) => withPageIndex(current, index));
  const courses = useQuery({ ...contributorCoursesQuery(userId, pageIndex, q), enabled: Boolean(userId) });
  const edited = useEditedCourse();
  const failure = useShownFailure(courses);
  // Tried again after failing, the page shows its panel, not the courses of the page asked before.
  const shown = shownData(courses, failure);
  const list = shown?.data;
  const total = shown?.pagination.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTRIBUTOR_PAGE_SIZE));

  const settled = courses.isSuccess && !courses.isPlaceholderData;
  useLastPageWhenPastTheEnd(pageIndex, CONTRIBUTOR_PAGE_SIZE, settled ? total : undefined);

  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Your Courses</Trans>
        </h1>
        {total > 0 || q ? (
          <Link to={paths.addCourse} className={addLinkClass}>
            <FiPlus aria-hidden="true" />
            <Trans>Add New Course</Trans>
          </Link>
        ) : null}
      </div>

      {courses.isPending && !failure ? <PageSpinner /> : null}

      {failure ? (
        <ErrorPanel
          message={<Trans>Fetching data failed</Trans>}
          error={failure}
          onRetry={() => courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}

      {shown && total === 0 && q ? <NoSearchResults q={q} className={emptyPanelClass} /> : null}

      {shown && total === 0 && !q ? (
        <div className={`flex flex-col items-center gap-4 text-center ${emptyPanelClass}`}>
          <h2 className="text-xl font-semibold text-ink">
            <Trans>No Course Added Yet!</Trans>
          </h2>
          <Link to={paths.addCourse} className={addLinkClass}>
            <FiPlus aria-hidden="true" />
            <Trans>Add Course</Trans>
          </Link>
        </div>
      ) : null}

      {list && total > 0 ? (
        <section aria-labelledby="your-courses-list" className="flex flex-col gap-6">
          <h2 id="your-courses-list" className="sr-only">
            <Trans>Course list</Trans>
          </h2>
          <ul
            className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${
              courses.isPlaceholderData ? 'opacity-60' : ''
            }`}
            aria-busy={courses.isPlaceholderData || undefined}
          >
            {list.map((course) => (
              <li key={course._id} className="flex">
                <CourseCard course={course} onOpen={edited.open} />
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <Pager
              label={t`Pages of your courses`}
              page={pageIndex + 1}
              pageCount={pageCount}
              onPage={(page) => setPageIndex(page - 1)}
            />
          ) : null}
        </section>
      ) : null}

      <EditCourseModal courseId={edited.openId} onClose={edited.close} />
    </main>
  );
}
