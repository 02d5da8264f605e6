import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { courseMutationResponseSchema, CourseInput } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

export interface CreateCourseVariables {
  course: CourseInput;
  cover: File;
}

/** POST /course/new — multipart `file` (the cover) and `body` (the course as a JSON string). */
export async function createCourse({ course, cover }: CreateCourseVariables) {
  const form = new FormData();
  form.append('file', cover);
  form.append('body', JSON.stringify(course));
  return apiFetch<typeof courseMutationResponseSchema>('/course/new', { method: 'POST', body: form });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}
