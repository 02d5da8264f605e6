import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { exerciseScoreResponseSchema, ExerciseScoreBody, LearnerCourse } from '@app/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { courseProgressKey } from './course-progress.ts';
import { approvedCoursesKey } from './get-approved-courses.ts';
import { learnerCourseKey } from './get-learner-course.ts';
import { overallScoreKey } from './get-overall-score.ts';

export async function submitQuiz(courseId: string, body: ExerciseScoreBody) {
  const response = await apiFetch<typeof exerciseScoreResponseSchema>(
    `/course/exercise-score/${encodeURIComponent(courseId)}`,
    {
      method: 'POST',
      body,
    },
  );
  // The feedback on each question comes only with the result of an attempt (decision 035).
  return { ...response.score, feedback: response.feedback };
}

/**
 * Sends a quiz attempt; the server scores it. Afterwards the per-quiz bars (the course's `quizScore`)
 * and the overall progress update in place, without reloading the course.
 */
export function useSubmitQuiz(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExerciseScoreBody) => submitQuiz(courseId, body),
    onSuccess: async (score) => {
      queryClient.setQueryData<LearnerCourse>(learnerCourseKey(courseId), (course) =>
        course ? { ...course, quizScore: score.quizScore } : course,
      );
      // A quiz score is part of the course progress too (decision 033).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: overallScoreKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: courseProgressKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: approvedCoursesKey }),
      ]);
    },
  });
}
