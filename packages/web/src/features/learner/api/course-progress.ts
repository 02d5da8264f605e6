import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { courseProgressResponseSchema, CourseProgress } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { changedInOtherTabs } from '../../../lib/other-tabs.ts';
import { retryDelay, retryRead } from '../../../lib/query-client.ts';
import { courseListsKey } from './get-approved-courses.ts';
import { learnerApi } from './learner-paths.ts';

export const courseProgressKey = (courseId: string) => ['learner', 'progress', courseId] as const;

export async function getCourseProgress(courseId: string, signal?: AbortSignal): Promise<CourseProgress> {
  const response = await apiFetch<typeof courseProgressResponseSchema>(learnerApi.progress(courseId), {
    signal,
  });
  return response.data;
}

/** The learner's completed lessons and course progress (lessons and quiz scores; decision 033). */
export const courseProgressQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseProgressKey(courseId),
    queryFn: ({ signal }) => getCourseProgress(courseId, signal),
  });

export async function completeLesson(courseId: string, resourceId: string): Promise<CourseProgress> {
  const response = await apiFetch<typeof courseProgressResponseSchema>(
    `${learnerApi.course(courseId)}/completion/${encodeURIComponent(resourceId)}`,
    {
      method: 'PUT',
    },
  );
  return response.data;
}

/**
 * Marks a video or PDF done (idempotent on the server). The answer is the new progress, shown at once;
 * the dashboard's cards reload their progress the next time they are shown. Being idempotent, it is
 * retried as a read is (the server's `Retry-After` waited for): most completions are sent by
 * themselves, as the lesson ends, and a learner would not know to send one again.
 */
export function useCompleteLesson(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation<CourseProgress, Error, string>({
    mutationFn: (resourceId) => completeLesson(courseId, resourceId),
    retry: retryRead,
    retryDelay,
    onSuccess: async (progress) => {
      queryClient.setQueryData(courseProgressKey(courseId), progress);
      changedInOtherTabs([courseProgressKey(courseId), courseListsKey]);
      await queryClient.invalidateQueries({ queryKey: courseListsKey });
    },
  });
}
