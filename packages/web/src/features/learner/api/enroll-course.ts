import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageResponseSchema } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { approvedCoursesKey } from './get-approved-courses.ts';
import { learnerCourseKey } from './get-learner-course.ts';

export function enrollCourse(courseId: string) {
  return apiFetch<typeof messageResponseSchema>(`/course/enroll/${encodeURIComponent(courseId)}`);
}

/** Enrols the caller (idempotent on the server); lists and the course then show them as enrolled. */
export function useEnrollCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollCourse,
    onSuccess: async (_response, courseId) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvedCoursesKey }),
        queryClient.invalidateQueries({ queryKey: learnerCourseKey(courseId) }),
      ]);
    },
  });
}
