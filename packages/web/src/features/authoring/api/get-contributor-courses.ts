import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CONTRIBUTOR_PAGE_SIZE, type courseListResponseSchema, type CourseListResponse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/**
 * GET /course/contributor/:id — one page of the contributor's own courses (archived ones left out),
 * searched by `q` (the header's box) when given.
 */
export async function getContributorCourses(
  userId: string,
  pageIndex: number,
  q: string,
  signal?: AbortSignal,
): Promise<CourseListResponse> {
  const search = new URLSearchParams({
    limit: String(CONTRIBUTOR_PAGE_SIZE),
    offset: String(pageIndex * CONTRIBUTOR_PAGE_SIZE),
  });
  if (q) search.set('q', q);
  return apiFetch<typeof courseListResponseSchema>(
    `/course/contributor/${encodeURIComponent(userId)}?${search.toString()}`,
    {
      signal,
    },
  );
}

export const contributorCoursesQuery = (userId: string, pageIndex: number, q: string) =>
  queryOptions({
    queryKey: [...courseKeys.contributor(userId), pageIndex, q],
    queryFn: ({ signal }) => getContributorCourses(userId, pageIndex, q, signal),
    placeholderData: keepPreviousData,
  });
