import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { courseMutationResponseSchema, CourseInput } from '@app/shared';
import { changedHereAndInOtherTabs } from '../../../lib/other-tabs.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseKeys } from './query-keys.ts';

export interface CreateCourseVariables {
  course: CourseInput;
  cover: File;
  /** The same for every try of one creation: a try again finds the course an earlier one made. */
  key: string;
}

/**
 * POST /course/new — multipart `file` (the cover) and `body` (the course as a JSON string), with an
 * `Idempotency-Key` (decision 153).
 */
export async function createCourse({ course, cover, key }: CreateCourseVariables) {
  const form = new FormData();
  form.append('file', cover);
  form.append('body', JSON.stringify(course));
  return apiFetch<typeof courseMutationResponseSchema>('/course/new', {
    method: 'POST',
    body: form,
    idempotencyKey: key,
  });
}

/**
 * A new creation's key: 128 random bits in hex. Not `crypto.randomUUID`, which a page served over
 * plain HTTP (not localhost) does not have.
 */
export const newCreationKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: () => changedHereAndInOtherTabs(queryClient, [courseKeys.all]),
  });
}
