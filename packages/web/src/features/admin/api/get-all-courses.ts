import { queryOptions } from '@tanstack/react-query';
import { courseListResponseSchema, type CourseSummary } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** Starts with 'courses' like every course list, so any course change refreshes this one too. */
export const allCoursesKey = ['courses', 'all'] as const;

/** GET /course — every course, newest update first (SuperAdmin). */
export async function getAllCourses(signal?: AbortSignal): Promise<CourseSummary[]> {
  return (await apiFetch('/course', { schema: courseListResponseSchema, signal })).data;
}

export const allCoursesQuery = queryOptions({
  queryKey: allCoursesKey,
  queryFn: ({ signal }) => getAllCourses(signal),
});
