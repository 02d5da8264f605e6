import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CourseListResponse } from '@app/shared';
import { ErrorPanel, shownData, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { PageSpinner, Spinner } from '../../../components/ui/spinner.tsx';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { searchTermOf } from '../../../lib/search-term.ts';
import { approvedCoursesQuery } from '../api/get-approved-courses.ts';
import { myCoursesQuery } from '../api/get-my-courses.ts';
import { MY_COURSES_SEARCH, showsMyCourses } from '../api/learner-paths.ts';
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
  // A search looks through the catalogue, whichever list was shown.
  const mine = showsMyCourses(params, q);
  // One list is asked for at a time; the other keeps what it had for the way back.
  const catalogue = useInfiniteQuery({ ...approvedCoursesQuery(q), enabled: !mine });
  const own = useInfiniteQuery({ ...myCoursesQuery(), enabled: mine });
  const courses: UseInfiniteQueryResult<InfiniteData<CourseListResponse>> = mine ? own : catalogue;
  const heading = mine ? t`My courses` : t`Available Courses`;
  useDocumentTitle(heading);
  // A switch between the lists changes only the address's query, which the route announcer leaves to
  // the page (decision 201): the status below then says which list is shown (decision 207), and says
  // it alone: the count under the list, live for a search and "Load more courses", is quiet while the
  // status says the list, so that the switch is not heard twice.
  const [listShown, setListShown] = useState(mine);
  const [switched, setSwitched] = useState(false);
  // A search ends what the switch said: cleared, it must not say the switch again.
  const [searchShown, setSearchShown] = useState(q);
  if (listShown !== mine) {
    setListShown(mine);
    setSearchShown(q);
    setSwitched(true);
  } else if (searchShown !== q) {
    setSearchShown(q);
    setSwitched(false);
  }
  const switchSaid = switched && !q;

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
  // Of the list it was pressed in: the other list, switched to meanwhile, is not where the reader was.
  const focusFrom = useRef<{ at: number; mine: boolean } | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loaded <= from.at) return;
    focusFrom.current = null;
    if (from.mine !== mine) return;
    list.current?.children[from.at]?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [loaded, mine]);
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
      <div className="mt-10 flex flex-col items-center gap-4 text-center">
        <p className="text-lg font-semibold text-ink">
          {mine ? <Trans>You are not enrolled in any course yet</Trans> : <Trans>No Courses Available</Trans>}
        </p>
        {mine ? (
          <Link to={paths.dashboard} className={buttonClass('secondary')}>
            <Trans>Browse all courses</Trans>
          </Link>
        ) : null}
      </div>
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
          {/* Drawn anew for the other list: its count arrives in a region already quiet, not in
              one made quiet by the same change. */}
          <p key={String(mine)} className="text-sm text-muted" aria-live={switchSaid ? 'off' : 'polite'}>
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
                focusFrom.current = { at: loaded, mine };
                // The count is live again before the next page changes it.
                setSwitched(false);
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
      <div className="mb-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="text-2xl font-bold text-ink">{heading}</h1>
          {/* Announces search results politely as they arrive, and the list switched to. "Searching…"
              only while a new search runs (the previous cards kept meanwhile), not while the list shown
              is refreshed. */}
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            {courses.isFetching && courses.isPlaceholderData ? (
              <Spinner size={16} label={t`Searching…`} />
            ) : null}
            {q && courses.isSuccess && !courses.isPlaceholderData ? (
              <span>
                <Plural value={count} _0="No results" one="# course found" other="# courses found" />
              </span>
            ) : null}
            {switchSaid && courses.isSuccess && !courses.isPlaceholderData ? (
              <span className="sr-only">
                {mine ? (
                  <Plural
                    value={count}
                    _0="Showing my courses: none yet"
                    one="Showing my courses: # course"
                    other="Showing my courses: # courses"
                  />
                ) : (
                  <Plural
                    value={count}
                    _0="Showing all courses: none"
                    one="Showing all courses: # course"
                    other="Showing all courses: # courses"
                  />
                )}
              </span>
            ) : null}
          </p>
        </div>
        <CourseLists mine={mine} />
      </div>
      {body}
    </div>
  );
}

/**
 * The two lists, as links (each is an address: a reload or Back keeps it); the one shown is the
 * current page's. "My courses" also finds a course taken out of the catalogue since it was joined.
 */
function CourseLists({ mine }: { mine: boolean }) {
  const { t } = useLingui();
  const look = (current: boolean) =>
    `inline-flex min-h-10 items-center rounded px-3 text-sm font-semibold ${
      current ? 'bg-primary-dark text-white' : 'text-primary-darker hover:bg-primary-light'
    }`;
  return (
    <nav aria-label={t`Course lists`} className="flex gap-1 rounded-md border border-gray-300 bg-white p-1">
      <Link to={paths.dashboard} aria-current={mine ? undefined : 'page'} className={look(!mine)}>
        <Trans>All courses</Trans>
      </Link>
      <Link
        to={`${paths.dashboard}${MY_COURSES_SEARCH}`}
        aria-current={mine ? 'page' : undefined}
        className={look(mine)}
      >
        <Trans>My courses</Trans>
      </Link>
    </nav>
  );
}
