import type { z } from 'zod';
import type { ExerciseScoreBody, LearnerCourse, QuizAnswer, QuizFeedback, QuizScore } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { AppError, BodyValidationError, notFound } from '../../lib/errors.ts';
import { courseAccessFor, enrolVerdict, studyVerdict } from '../courses/course-access.service.ts';
import { learnerCourseContent } from '../courses/course-views.service.ts';
import { learningMessages } from './learning.messages.ts';
import { scoreQuestion } from './quiz-scoring.ts';
import {
  bestScores,
  clampScore,
  enroll,
  findQuiz,
  overallScore,
  recordAttempt,
} from './learning.repository.ts';

const courseNotFound = () => notFound(learningMessages.courseNotFound);
const notAvailable = () => new AppError(409, 'COURSE_NOT_AVAILABLE', learningMessages.notAvailable);

/** Enrolment, as the course-access policy allows it (`enrolVerdict`): idempotent. */
export async function enrollInCourse(db: Db, user: AuthUser, courseId: string): Promise<void> {
  const verdict = enrolVerdict(user, await courseAccessFor(db, user.id, courseId));
  if (verdict === 'hidden') throw courseNotFound();
  if (verdict === 'closed') throw notAvailable();
  await enroll(db, user.id, courseId);
}

/**
 * Viewing the course, taking its quizzes and seeing scores, as the course-access policy allows it
 * (`studyVerdict`): a course the caller cannot see is 404, one they have not joined 403 NOT_ENROLLED.
 */
export async function assertMayStudy(db: Db, user: AuthUser, courseId: string): Promise<void> {
  const verdict = studyVerdict(user, await courseAccessFor(db, user.id, courseId));
  if (verdict === 'hidden') throw courseNotFound();
  if (verdict === 'not-enrolled') throw new AppError(403, 'NOT_ENROLLED', learningMessages.notEnrolled);
}

export async function learnerCourse(db: Db, user: AuthUser, courseId: string): Promise<LearnerCourse> {
  await assertMayStudy(db, user, courseId);
  const [content, quizScore] = await Promise.all([
    learnerCourseContent(db, user.id, courseId),
    bestScores(db, user.id, courseId),
  ]);
  if (!content) throw courseNotFound();
  return { ...content, quizScore };
}

export async function learnerOverallScore(db: Db, user: AuthUser, courseId: string): Promise<number> {
  await assertMayStudy(db, user, courseId);
  return overallScore(db, user.id, courseId);
}

/**
 * A learner's overall score in a course (the mean of their best quiz scores, 0..100) without an
 * access check: for the certificates feature, which has asked the access policy itself.
 */
export function overallScoreOf(db: Db, userId: string, courseId: string): Promise<number> {
  return overallScore(db, userId, courseId);
}

type Issue = z.core.$ZodIssue;

/**
 * Scores a quiz on the server: the sum of each question's credit (`scoreQuestion`, 0..1) ÷ questions
 * × 100 (unanswered = 0). Answers must name questions of this quiz, each at most once. Returns this
 * attempt's score, the caller's best scores in the course after it, and the feedback on each question
 * (right or not, the learner's answer, the explanation: decision 035).
 */
export async function submitQuiz(
  db: Db,
  user: AuthUser,
  courseId: string,
  body: ExerciseScoreBody,
): Promise<{ currentScore: number; quizScore: QuizScore[]; feedback: QuizFeedback[] }> {
  await assertMayStudy(db, user, courseId);
  const questions = await findQuiz(db, courseId, body.resourceId);
  if (!questions || questions.length === 0) throw notFound(learningMessages.quizNotFound);

  const byId = new Map(questions.map((question) => [question._id, question]));
  const given = new Map<string, QuizAnswer['answer']>();
  const issues: Issue[] = [];
  body.quizAnswers.forEach((answer, index) => {
    const question = byId.get(answer._id);
    if (!question || given.has(answer._id)) {
      issues.push({
        code: 'custom',
        path: ['quizAnswers', index, '_id'],
        message: 'invalid',
        input: answer._id,
      });
      return;
    }
    given.set(answer._id, answer.answer);
  });
  if (issues.length > 0) throw new BodyValidationError(issues);

  const feedback = questions.map((question): QuizFeedback => {
    const credit = scoreQuestion(question, given.get(question._id));
    return {
      _id: question._id,
      correct: credit === 1,
      credit,
      answer: given.get(question._id) ?? '',
      explanation: question.explanation ?? null,
      explanation_tr: question.explanation_tr ?? null,
    };
  });
  const credits = feedback.reduce((sum, item) => sum + item.credit, 0);
  const currentScore = clampScore((credits * 100) / questions.length);
  await recordAttempt(db, {
    userId: user.id,
    courseId,
    resourceId: body.resourceId,
    score: currentScore,
    answers: body.quizAnswers,
  });
  return { currentScore, quizScore: await bestScores(db, user.id, courseId), feedback };
}
