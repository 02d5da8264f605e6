import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { courseListResponseSchema, CourseListResponse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { learnerApi } from './learner-paths.ts';

/**
 * The learner's course lists (the catalogue, their own courses): what changes a course's card (an
 * enrolment, a score, a completed lesson) marks them all stale under this one key.
 */
export const courseListsKey = ['learner', 'course-lists'] as const;

/** One page of approved, available courses (with the caller's `enrolled` flag), searched by `q`. */
export async function getApprovedCourses(
  q: string,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<CourseListResponse> {
  return apiFetch<typeof courseListResponseSchema>(learnerApi.approvedCourses(q, after), { signal });
}

/**
 * The catalogue grows by a page (`LEARNER_PAGE_SIZE`) at each "Load more", each page starting
 * after the last course of the one before (decision 055): courses approved or withdrawn meanwhile
 * neither shift a card out of view nor bring one back.
 */
export const approvedCoursesQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...courseListsKey, 'approved', q],
    queryFn: ({ pageParam, signal }) => getApprovedCourses(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
    // While a new search runs, keep showing the previous results instead of a blank spinner.
    placeholderData: keepPreviousData,
  });
