import { queryOptions } from '@tanstack/react-query';
import type { courseResponseSchema, Course } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/** GET /course/:id — the full course with its quiz answers, for the edit form (owner or SuperAdmin). */
export async function getCourse(courseId: string, signal?: AbortSignal): Promise<Course> {
  const response = await apiFetch<typeof courseResponseSchema>(`/course/${encodeURIComponent(courseId)}`, {
    signal,
  });
  return response.data;
}

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
    // The form is filled from this once, fetched as it opens (`isFetchedAfterMount`); refetching
    // underneath it would not change what is shown, nor the version its save names.
    staleTime: 0,
  });
