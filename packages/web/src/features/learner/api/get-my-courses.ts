import { infiniteQueryOptions } from '@tanstack/react-query';
import type { courseListResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseListsKey } from './get-approved-courses.ts';
import { learnerApi } from './learner-paths.ts';

/**
 * The courses the learner joined and may still study, newest joined first, a page at a time
 * (decision 196): also those taken out of the catalogue since, which it no longer lists. Each page
 * starts after the last course of the one before (decision 202), as the catalogue's do.
 */
export const myCoursesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...courseListsKey, 'mine'],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<typeof courseListResponseSchema>(learnerApi.myCourses(pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });
