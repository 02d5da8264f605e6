import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { exerciseScoreResponseSchema, ExerciseScoreBody, LearnerCourse } from '@app/shared';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { changedInOtherTabs } from '../../../lib/other-tabs.ts';
import { courseProgressKey } from './course-progress.ts';
import { courseListsKey } from './get-approved-courses.ts';
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

/** An answer's question id, as the server names it when it knows no such question in the quiz. */
const ANSWERED_QUESTION_ID = /^quizAnswers\.\d+\._id$/;

/**
 * Whether the server refused an attempt because the quiz it was taken on is no longer the course's:
 * answers to questions it does not have (400 on a `quizAnswers.N._id`: removed or re-created since),
 * or no such quiz (404: removed, emptied, or the course itself gone). Fetching the course again shows
 * the quiz as it is now; anything else (offline, a 5xx, another refusal) cannot be helped by that.
 */
export const quizNoLongerMatches = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 404 ||
    (error.status === 400 &&
      error.code === 'VALIDATION_FAILED' &&
      error.fieldErrors.some((field) => ANSWERED_QUESTION_ID.test(field.path))));

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
      const changed = [overallScoreKey(courseId), courseProgressKey(courseId), courseListsKey];
      changedInOtherTabs([learnerCourseKey(courseId), ...changed]);
      await Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
