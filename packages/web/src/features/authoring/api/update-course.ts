import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { courseMutationResponseSchema, CourseInput } from '@app/shared';
import { changedHereAndInOtherTabs } from '../../../lib/other-tabs.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

export interface UpdateCourseVariables {
  courseId: string;
  /** Carries the `_id`s of the sections, resources and questions that still exist, so the server keeps them. */
  course: CourseInput;
  /** A new cover, when one was chosen. */
  cover?: File | null;
  /** The content version the changes were made on: refused (412) if another save came since. */
  version: number;
}

/** PATCH /course/:id — multipart, optional `file`. `status: 'Pending'` on a draft submits it for review. */
export async function updateCourse({ courseId, course, cover, version }: UpdateCourseVariables) {
  const form = new FormData();
  if (cover) form.append('file', cover);
  form.append('body', JSON.stringify(course));
  return apiFetch<typeof courseMutationResponseSchema>(`/course/${encodeURIComponent(courseId)}`, {
    method: 'PATCH',
    body: form,
    ifMatch: `"${version}"`,
  });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (response, { courseId }) => {
      queryClient.setQueryData(courseKeys.detail(courseId), response.data.course);
      return changedHereAndInOtherTabs(queryClient, [courseKeys.all]);
    },
  });
}
