import type { LoaderFunctionArgs } from 'react-router';
import { approvedCoursesQuery } from '../features/learner/api/get-approved-courses.ts';
import { learnerApi } from '../features/learner/api/learner-paths.ts';
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

/** On a first visit the app shell has already asked for the first page (decision 044): wait for it. */
export function prefetch({ request }: LoaderFunctionArgs) {
  const q = searchTermOf(new URL(request.url).searchParams);
  return awaitEarly(learnerApi.approvedCourses(q), () =>
    queryClient.prefetchInfiniteQuery(approvedCoursesQuery(q)),
  );
}
