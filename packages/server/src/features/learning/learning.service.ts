import type { z } from 'zod';
import type { ExerciseScoreBody, LearnerCourse, QuizScore } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { AppError, BodyValidationError, notFound } from '../../lib/errors.ts';
import { findSummary, loadSections, withoutAnswers } from '../courses/courses.repository.ts';
import { learningMessages } from './learning.messages.ts';
import {
  bestScores,
  clampScore,
  courseAccess,
  enroll,
  findQuiz,
  overallScore,
  recordAttempt,
} from './learning.repository.ts';

const courseNotFound = () => notFound(learningMessages.courseNotFound);
const notAvailable = () => new AppError(409, 'COURSE_NOT_AVAILABLE', learningMessages.notAvailable);

/**
 * Enrolment: any signed-in user, into an approved and available course. Courses a learner cannot see
 * (drafts, pending, archived) are 404; the owner and administrators, who can see them, get 409.
 */
export async function enrollInCourse(db: Db, user: AuthUser, courseId: string): Promise<void> {
  const course = await courseAccess(db, user.id, courseId);
  if (!course) throw courseNotFound();
  const staff = user.role === 'SuperAdmin' || course.createdBy === user.id;
  if (course.status !== 'Approved') throw staff ? notAvailable() : courseNotFound();
  if (!course.isAvailable) throw notAvailable();
  await enroll(db, user.id, courseId);
}

/**
 * Who may study (view, take quizzes, see scores): a learner enrolled in an approved course (it stays
 * open to them even when hidden from the catalogue), the owner and administrators (previewing).
 * A course the caller cannot see is 404; a visible course they have not joined is 403 NOT_ENROLLED.
 */
export async function assertMayStudy(db: Db, user: AuthUser, courseId: string): Promise<void> {
  const course = await courseAccess(db, user.id, courseId);
  if (!course) throw courseNotFound();
  if (user.role === 'SuperAdmin' || course.createdBy === user.id) return;
  if (course.status !== 'Approved') throw courseNotFound();
  if (!course.enrolled) throw new AppError(403, 'NOT_ENROLLED', learningMessages.notEnrolled);
}

export async function learnerCourse(db: Db, user: AuthUser, courseId: string): Promise<LearnerCourse> {
  await assertMayStudy(db, user, courseId);
  const [summary, sections, quizScore] = await Promise.all([
    findSummary(db, user.id, courseId),
    loadSections(db, courseId),
    bestScores(db, user.id, courseId),
  ]);
  if (!summary) throw courseNotFound();
  return { ...summary, course_section: withoutAnswers(sections), quizScore };
}

export async function learnerOverallScore(db: Db, user: AuthUser, courseId: string): Promise<number> {
  await assertMayStudy(db, user, courseId);
  return overallScore(db, user.id, courseId);
}

type Issue = z.core.$ZodIssue;

/**
 * Scores a quiz on the server: correct answers ÷ questions × 100 (unanswered = wrong). Answers must
 * name questions of this quiz, each at most once. Returns this attempt's score and the caller's best
 * scores in the course after it.
 */
export async function submitQuiz(
  db: Db,
  user: AuthUser,
  courseId: string,
  body: ExerciseScoreBody,
): Promise<{ currentScore: number; quizScore: QuizScore[] }> {
  await assertMayStudy(db, user, courseId);
  const questions = await findQuiz(db, courseId, body.resourceId);
  if (!questions || questions.length === 0) throw notFound(learningMessages.quizNotFound);

  const byId = new Map(questions.map((question) => [question._id, question]));
  const seen = new Set<string>();
  const issues: Issue[] = [];
  let correct = 0;
  body.quizAnswers.forEach((answer, index) => {
    const question = byId.get(answer._id);
    if (!question || seen.has(answer._id)) {
      issues.push({
        code: 'custom',
        path: ['quizAnswers', index, '_id'],
        message: 'invalid',
        input: answer._id,
      });
      return;
    }
    seen.add(answer._id);
    if (answer.answer === question.correctanswer) correct += 1;
  });
  if (issues.length > 0) throw new BodyValidationError(issues);

  const currentScore = clampScore((correct * 100) / questions.length);
  await recordAttempt(db, {
    userId: user.id,
    courseId,
    resourceId: body.resourceId,
    score: currentScore,
    answers: body.quizAnswers,
  });
  return { currentScore, quizScore: await bestScores(db, user.id, courseId) };
}
