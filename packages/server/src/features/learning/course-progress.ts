import type { QuizScore } from '@app/shared';

/** What a learner's progress in one course is computed from. */
export interface ProgressFacts {
  /** The course's videos, PDFs and quizzes (PROGRESS_TYPES). */
  resources: number;
  /** How many of its videos and PDFs the learner has completed. */
  lessonsDone: number;
  /** Their best score on each quiz of the course they have attempted (unattempted ones count 0). */
  quizScores: readonly QuizScore[];
}

/** The order best-score lists are kept and summed in: by quiz id (ids are unique within a list). */
export const byQuizId = (a: QuizScore, b: QuizScore): number => (a.quizId < b.quizId ? -1 : 1);

/**
 * Course progress 0..100 (decision 033): every video, PDF and quiz of the course weighs the same; a
 * lesson counts 100 once completed, a quiz the learner's best score (0 until attempted); 0 for a course
 * with none. The one place it is computed (decision 217): the progress read and the quiz submission
 * both call it. The scores are added in quiz id order whatever order they come in, so the same facts
 * always give the same floating-point figure.
 */
export function courseProgress({ resources, lessonsDone, quizScores }: ProgressFacts): number {
  if (resources === 0) return 0;
  let points = 100 * lessonsDone;
  const inIdOrder = [...quizScores].sort(byQuizId);
  for (const { score } of inIdOrder) points += Math.min(100, Math.max(0, score));
  return Math.min(100, Math.max(0, points / resources));
}
