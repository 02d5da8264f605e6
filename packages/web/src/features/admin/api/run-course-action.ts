import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseActionResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** The admin's review actions (api.md): each is a GET on its own path answering `{message, data}`. */
export const ACTION_PATHS = {
  approve: 'approve',
  revoke: 'pending',
  archive: 'archive',
  toggleAvailable: 'toggle-available',
  toggleEditing: 'toggle-editing',
} as const;
export type CourseAction = keyof typeof ACTION_PATHS;

export async function runCourseAction({ action, courseId }: { action: CourseAction; courseId: string }) {
  return apiFetch(`/course/${ACTION_PATHS[action]}/${encodeURIComponent(courseId)}`, {
    schema: courseActionResponseSchema,
  });
}

/** Runs one action, then refetches the course lists whatever the outcome (description §4). */
export function useCourseAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runCourseAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['courses'] }),
  });
}
