import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseActionPath, type courseActionResponseSchema, type CourseAction } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** One of the admin's review actions (shared `COURSE_ACTIONS`): a GET answering `{message, data}`. */
export async function runCourseAction({ action, courseId }: { action: CourseAction; courseId: string }) {
  return apiFetch<typeof courseActionResponseSchema>(courseActionPath(action, encodeURIComponent(courseId)));
}

/** Runs one action, then refetches the course lists whatever the outcome (description §4). */
export function useCourseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCourseAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['courses'] }),
  });
}
