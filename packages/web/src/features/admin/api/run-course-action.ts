import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  courseActionPath,
  type courseActionResponseSchema,
  type CourseAction,
  type SwitchTarget,
} from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * One of the admin's review actions (shared `COURSE_ACTIONS`): a GET answering `{message, data}`; a
 * switch with the state its label promised (`to`, decision 098).
 */
export async function runCourseAction({
  action,
  courseId,
  to,
}: {
  action: CourseAction;
  courseId: string;
  to?: SwitchTarget;
}) {
  return apiFetch<typeof courseActionResponseSchema>(
    courseActionPath(action, encodeURIComponent(courseId), to),
  );
}

/** Runs one action, then refetches the course lists whatever the outcome (description §4). */
export function useCourseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCourseAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['courses'] }),
  });
}
