import { queryOptions } from '@tanstack/react-query';
import { courseListResponseSchema, type CourseSummary } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/** GET /course/contributor/:id — the contributor's own courses (the server leaves out archived ones). */
export async function getContributorCourses(userId: string, signal?: AbortSignal): Promise<CourseSummary[]> {
  const response = await apiFetch(`/course/contributor/${encodeURIComponent(userId)}`, {
    schema: courseListResponseSchema,
    signal,
  });
  return response.data;
}

export const contributorCoursesQuery = (userId: string) =>
  queryOptions({
    queryKey: courseKeys.contributor(userId),
    queryFn: ({ signal }) => getContributorCourses(userId, signal),
  });
