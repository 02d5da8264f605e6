import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageResponseSchema } from '@app/shared';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { changedInOtherTabs } from '../../../lib/other-tabs.ts';
import { courseListsKey } from './get-approved-courses.ts';
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
      changedInOtherTabs([courseListsKey, learnerCourseKey(courseId)]);
      // The catalogue is only marked stale: reloading every page of it now would hold the learner,
      // spinner on, before their course opens; it reloads when shown again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseListsKey, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: learnerCourseKey(courseId) }),
      ]);
    },
    onError: async (error, courseId) => {
      // Taken out of the catalogue since it was shown: asked again, the course view says it is closed
      // and offers no button that can only fail again (decision 104).
      if (error instanceof ApiError && error.code === 'COURSE_NOT_AVAILABLE')
        await queryClient.invalidateQueries({ queryKey: learnerCourseKey(courseId) });
    },
  });
}
