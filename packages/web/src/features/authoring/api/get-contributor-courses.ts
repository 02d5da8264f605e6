import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { courseListResponseSchema, CourseListResponse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/** Cards per page of the contributor board (four rows of three on a wide screen). */
export const CONTRIBUTOR_PAGE_SIZE = 12;

/** GET /course/contributor/:id — one page of the contributor's own courses (archived ones left out). */
export async function getContributorCourses(
  userId: string,
  pageIndex: number,
  signal?: AbortSignal,
): Promise<CourseListResponse> {
  const search = new URLSearchParams({
    limit: String(CONTRIBUTOR_PAGE_SIZE),
    offset: String(pageIndex * CONTRIBUTOR_PAGE_SIZE),
  });
  return apiFetch<typeof courseListResponseSchema>(
    `/course/contributor/${encodeURIComponent(userId)}?${search.toString()}`,
    {
      signal,
    },
  );
}

export const contributorCoursesQuery = (userId: string, pageIndex: number) =>
  queryOptions({
    queryKey: [...courseKeys.contributor(userId), pageIndex],
    queryFn: ({ signal }) => getContributorCourses(userId, pageIndex, signal),
    placeholderData: keepPreviousData,
  });
