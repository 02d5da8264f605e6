import { useMutation, useQueryClient } from '@tanstack/react-query';
import { courseActionPath, type courseActionResponseSchema } from '@app/shared';
import { changedHereAndInOtherTabs } from '../../../lib/other-tabs.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

/**
 * GET /course/archive/:id?to=on — "Delete Course" archives (description §4). Asked as a state, not a
 * flip (decision 098): a form opened before an administrator archived the course leaves it archived.
 */
export async function archiveCourse(courseId: string) {
  return apiFetch<typeof courseActionResponseSchema>(
    courseActionPath('archive', encodeURIComponent(courseId), 'on'),
  );
}

export function useArchiveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveCourse,
    onSuccess: () => changedHereAndInOtherTabs(queryClient, [courseKeys.all]),
  });
}
