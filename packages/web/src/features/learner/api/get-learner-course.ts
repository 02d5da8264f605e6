import { queryOptions } from '@tanstack/react-query';
import type { learnerCourseResponseSchema, LearnerCourse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { learnerApi } from './learner-paths.ts';

export const learnerCourseKey = (courseId: string) => ['learner', 'course', courseId] as const;

export async function getLearnerCourse(courseId: string, signal?: AbortSignal): Promise<LearnerCourse> {
  const response = await apiFetch<typeof learnerCourseResponseSchema>(learnerApi.course(courseId), {
    signal,
  });
  return response.data;
}

/** The course as a learner sees it (no correct answers) with their best score per quiz. */
export const learnerCourseQuery = (courseId: string) =>
  queryOptions({
    queryKey: learnerCourseKey(courseId),
    queryFn: ({ signal }) => getLearnerCourse(courseId, signal),
  });
