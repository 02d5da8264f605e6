import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  courseActionPath,
  courseRejectPath,
  type CourseRejectBody,
  type courseActionResponseSchema,
  type CourseAction,
  type SwitchTarget,
} from '@app/shared';
import { changedHereAndInOtherTabs } from '../../../lib/other-tabs.ts';
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
    onSettled: () => changedHereAndInOtherTabs(queryClient, [['courses']]),
  });
}

/**
 * Sends a pending course back to its author with a note (decision 206): `POST /course/reject/:id`,
 * answering as the other actions do. A refused note comes back as a 400 with the `reason` field's error.
 */
export async function rejectCourse({ courseId, reason }: { courseId: string; reason: string }) {
  return apiFetch<typeof courseActionResponseSchema>(courseRejectPath(encodeURIComponent(courseId)), {
    method: 'POST',
    body: { reason } satisfies CourseRejectBody,
  });
}

/** The rejection, then the course lists refetched whatever the outcome, as for the other actions. */
export function useRejectCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectCourse,
    onSettled: () => changedHereAndInOtherTabs(queryClient, [['courses']]),
  });
}
