import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { courseActionResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/** GET /course/archive/:id — "Delete Course" archives (description §4); the server toggles. */
export async function archiveCourse(courseId: string) {
  return apiFetch<typeof courseActionResponseSchema>(`/course/archive/${encodeURIComponent(courseId)}`);
}

export function useArchiveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
