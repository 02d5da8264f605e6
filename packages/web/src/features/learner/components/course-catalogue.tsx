import { lazy, Suspense, useEffect, useRef } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorPanel, shownData, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { PageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { searchTermOf } from '../../../lib/search-term.ts';
import { approvedCoursesQuery } from '../api/get-approved-courses.ts';
import { CourseCard } from './course-card.tsx';
import { useAddressParams } from '../../../lib/address-params.ts';

/**
 * Fetched when a search first finds nothing: the dashboard's first screen is held to a file budget
 * (decision 047), and this panel, shared with the boards, would be a file of its own on it.
 */
const NoSearchResults = lazy(() =>
  import('../../../components/no-search-results.tsx').then((module) => ({ default: module.NoSearchResults })),
);

/** Cards in the first row at the widest layout: their covers are the first paint's largest images. */
const FIRST_ROW = 4;

/**
 * The learner dashboard (description §2): spinner, then "Available Courses" as cards, "No Courses
 * Available", or the failure panel with "Try again". Searches (from the header box) keep the previous
 * cards on screen while the new results load. The server sends a page at a time; "Load more courses"
 * appends the next one (the search runs on the server, over every page).
 */
export function CourseCatalogue() {
  const { t } = useLingui();
  const [params] = useAddressParams();
  const q = searchTermOf(params);
  const courses = useInfiniteQuery(approvedCoursesQuery(q));
  useDocumentTitle(t`Available Courses`);

  // A failed refetch of results already on screen keeps them; a failed load (or search) shows the
  // panel, also while it is tried again (not the previous search's cards).
  const failure = useShownFailure(courses);
  const pages = shownData(courses, failure)?.pages;
  const data = pages?.flatMap((page) => page.data);
  const total = pages?.at(-1)?.pagination.total ?? 0;
  const loaded = data?.length ?? 0;
  // "Load more courses" leaves with the last page: focus goes on to the first card it brought, where
  // the reader was heading, rather than back to the top of the page.
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loaded <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [loaded]);
  let body;
  if (courses.isPending && !failure) body = <PageSpinner />;
  else if (data === undefined)
    body = (
      <ErrorPanel
        message={<Trans>We encountered an error while fetching course(s).</Trans>}
        error={failure}
        onRetry={() => courses.refetch()}
        retrying={courses.isFetching}
        className="mt-8"
      />
    );
  else if (data.length === 0)
    body = q ? (
      <Suspense fallback={null}>
        <NoSearchResults q={q} className="mt-10" />
      </Suspense>
    ) : (
      <p className="mt-10 text-center text-lg font-semibold text-ink">
        <Trans>No Courses Available</Trans>
      </p>
    );
  else
    body = (
      <>
        <ul
          ref={list}
          className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 ${
            courses.isPlaceholderData ? 'opacity-60' : ''
          }`}
          aria-busy={courses.isPlaceholderData || undefined}
        >
          {data.map((course, index) => (
            <li key={course._id} className="flex">
              <CourseCard course={course} eager={index < FIRST_ROW} first={index === 0} />
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            <Plural
              value={total}
              one={`Showing ${loaded} of # course`}
              other={`Showing ${loaded} of # courses`}
            />
          </p>
          {courses.hasNextPage && !courses.isPlaceholderData ? (
            <Button
              variant="secondary"
              onClick={() => {
                focusFrom.current = loaded;
                void courses.fetchNextPage();
              }}
              loading={courses.isFetchingNextPage}
            >
              <Trans>Load more courses</Trans>
            </Button>
          ) : null}
          {courses.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-error">
              <Trans>More courses could not be loaded. Try again.</Trans>
            </p>
          ) : null}
        </div>
      </>
    );

  const count = total;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Available Courses</Trans>
        </h1>
        {/* Announces search results politely as they arrive. */}
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          {courses.isFetching && !courses.isPending && !courses.isFetchingNextPage ? (
            <Spinner size={16} label={t`Searching…`} />
          ) : null}
          {q && courses.isSuccess && !courses.isPlaceholderData ? (
            <span>
              <Plural value={count} _0="No results" one="# course found" other="# courses found" />
            </span>
          ) : null}
        </p>
      </div>
      {body}
    </div>
  );
}
