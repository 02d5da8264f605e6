import type { LoaderFunctionArgs } from 'react-router';
import { approvedCoursesQuery } from '../features/learner/api/get-approved-courses.ts';
import { learnerApi, showsMyCourses } from '../features/learner/api/learner-paths.ts';
import { myCoursesQuery } from '../features/learner/api/get-my-courses.ts';
import { searchTermOf } from '../lib/search-term.ts';
import { CourseCatalogue } from '../features/learner/components/course-catalogue.tsx';
import { awaitEarly } from '../lib/early-requests.ts';
import { queryClient } from '../lib/query-client.ts';

/** /dashboard: the learner's catalogue of approved courses (searchable from the header). */
export function Component() {
  return (
    <main className="flex-1">
      <CourseCatalogue />
    </main>
  );
}

/**
 * On a first visit the app shell has already asked for the first page of the list shown (decision
 * 044): wait for it.
 */
export function prefetch({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const q = searchTermOf(search);
  return showsMyCourses(search, q)
    ? awaitEarly(learnerApi.myCourses(), () => queryClient.prefetchInfiniteQuery(myCoursesQuery()))
    : awaitEarly(learnerApi.approvedCourses(q), () =>
        queryClient.prefetchInfiniteQuery(approvedCoursesQuery(q)),
      );
}
