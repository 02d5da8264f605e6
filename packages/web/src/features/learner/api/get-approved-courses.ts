import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { courseListResponseSchema, type CourseSummary } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

export const approvedCoursesKey = ['learner', 'approved-courses'] as const;

export async function getApprovedCourses(q: string, signal?: AbortSignal): Promise<CourseSummary[]> {
  const search = q ? `?${new URLSearchParams({ q }).toString()}` : '';
  const response = await apiFetch(`/course/approved${search}`, { schema: courseListResponseSchema, signal });
  return response.data;
}

/** Approved, available courses (with the caller's `enrolled` flag), optionally searched by `q`. */
export const approvedCoursesQuery = (q: string) =>
  queryOptions({
    queryKey: [...approvedCoursesKey, q],
    queryFn: ({ signal }) => getApprovedCourses(q, signal),
    // While a new search runs, keep showing the previous results instead of a blank spinner.
    placeholderData: keepPreviousData,
  });
