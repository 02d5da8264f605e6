import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { courseListResponseSchema, CourseListResponse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { learnerApi } from './learner-paths.ts';

export const approvedCoursesKey = ['learner', 'approved-courses'] as const;

/** One page of approved, available courses (with the caller's `enrolled` flag), searched by `q`. */
export async function getApprovedCourses(
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<CourseListResponse> {
  return apiFetch<typeof courseListResponseSchema>(learnerApi.approvedCourses(q, offset), { signal });
}

/** The catalogue grows by a page of the server's default size at each "Load more". */
export const approvedCoursesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...approvedCoursesKey, q],
    queryFn: ({ pageParam, signal }) => getApprovedCourses(q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.pagination.offset + last.data.length;
      return last.data.length > 0 && next < last.pagination.total ? next : undefined;
    },
    // While a new search runs, keep showing the previous results instead of a blank spinner.
    placeholderData: keepPreviousData,
  });

/** Every course loaded so far, once each (a course approved meanwhile can shift one into the next page). */
export function loadedCourses(pages: CourseListResponse[]) {
  const seen = new Set<string>();
  return pages
    .flatMap((page) => page.data)
    .filter((course) => (seen.has(course._id) ? false : (seen.add(course._id), true)));
}
