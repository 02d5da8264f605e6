import type { z } from 'zod';
import type { ExerciseScoreBody, QuizAnswer, QuizFeedback, QuizScore } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import type { JoinedAnswer } from '../../plugins/compression.ts';
import { AppError, BodyValidationError, notFound } from '../../lib/errors.ts';
import { courseAccessFor, enrolVerdict } from '../courses/course-access.service.ts';
import {
  learnerCourseAnswer,
  studyAccess,
  type CourseSnapshot,
} from '../courses/course-snapshots.service.ts';
import { completedByCourse } from './completion.repository.ts';
import { byQuizId, courseProgress } from './course-progress.ts';
import { learningMessages } from './learning.messages.ts';
import { scoreQuestion } from './quiz-scoring.ts';
import {
  bestScoresByCourse,
  clampScore,
  enroll,
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
 * (`studyVerdict`): a course the caller cannot see is 404, one they have not joined 403 NOT_ENROLLED,
 * one they have not joined and cannot join (out of the catalogue) 403 COURSE_NOT_AVAILABLE (decision
 * 104). Decided from the cached course and the caller's cached enrolments (decision 036).
 */
export async function assertMayStudy(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
): Promise<{ snapshot: CourseSnapshot; enrolled: boolean }> {
  const { verdict, snapshot, enrolled } = await studyAccess(db, caches, user, courseId);
  if (verdict === 'hidden' || !snapshot) throw courseNotFound();
  if (verdict === 'not-enrolled')
    throw new AppError(403, 'NOT_ENROLLED', learningMessages.notEnrolled, {}, { course: snapshot.names });
  if (verdict === 'closed') throw new AppError(403, 'COURSE_NOT_AVAILABLE', learningMessages.notAvailable);
  return { snapshot, enrolled };
}

/**
 * The caller's best score on each quiz of the course. Cached per learner for all their courses at
 * once, so their quiz submission touches one entry (`p:<learner>`) instead of scanning for their
 * courses: revised on the instance that took it, evicted on the others (decision 061).
 */
async function cachedBestScores(db: Db, caches: AppCaches, userId: string, courseId: string) {
  const byCourse = await caches.scores.getOrLoad(
    userId,
    () => bestScoresByCourse(db, userId),
    !caches.usable,
  );
  return byCourse.get(courseId) ?? [];
}

/**
 * The learner's course view (`LearnerCourse`) as the whole response, joined from the cached course
 * (no answers) and the caller's fields and best scores (decision 036), to go gzip-joined to browsers
 * (decisions 057, 073: the route sends it with `payloadOf`).
 */
export async function learnerCourseResponse(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
): Promise<JoinedAnswer> {
  const { snapshot, enrolled } = await assertMayStudy(db, caches, user, courseId);
  const quizScore = await cachedBestScores(db, caches, user.id, courseId);
  return learnerCourseAnswer(snapshot, user.id, enrolled, quizScore);
}

export async function learnerOverallScore(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
): Promise<number> {
  const { snapshot } = await assertMayStudy(db, caches, user, courseId);
  // The mean of the best scores over every quiz of the course (unattempted = 0; no quiz = 0), from
  // the cached quizzes and best scores: the same figure as `overallScore`'s query.
  if (snapshot.quizzes.size === 0) return 0;
  const best = new Map(
    (await cachedBestScores(db, caches, user.id, courseId)).map((s) => [s.quizId, s.score]),
  );
  let sum = 0;
  for (const quizId of snapshot.quizzes.keys()) sum += best.get(quizId) ?? 0;
  return clampScore(sum / snapshot.quizzes.size);
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
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
  body: ExerciseScoreBody,
): Promise<{ currentScore: number; quizScore: QuizScore[]; feedback: QuizFeedback[] }> {
  const { snapshot } = await assertMayStudy(db, caches, user, courseId);
  // The key comes from the cached course (decision 036), never from the request.
  const questions = snapshot.quizzes.get(body.resourceId);
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
  const written = await recordAttempt(db, {
    userId: user.id,
    courseId,
    resourceId: body.resourceId,
    score: currentScore,
    answers: body.quizAnswers,
  });
  // The author's edit removed the quiz after the cached course was read: what the next request,
  // reading the course afresh, is told (decision 113).
  if (!written) throw notFound(learningMessages.quizNotFound);
  const quizScore = await scoresAfterAttempt(db, caches, user.id, snapshot, courseId, written);
  return { currentScore, quizScore, feedback };
}

/**
 * The learner's best scores in the course after their attempt, and their caches told (decisions 061,
 * 217). Usually from their held best scores and completed lessons (and the course read before the
 * write, while it is still the one held): a held entry is exact but for notifications still on their
 * way (which evict it when they come) and this instance's own writes not yet reported, so merged with
 * the rows the statement wrote it is exact, and the new progress is computed from it with no query;
 * merged and revised in this same turn, nothing can move it in between. Otherwise their figures are
 * forgotten at once, here and everywhere (so that a later submission of theirs cannot answer from what
 * is held while this one reads), and read afresh: after the commit, so with this attempt; held again
 * for their next one. Awaited before the answer, not read in the background: the learner's next
 * submission, sent on this answer, would find them not yet held, and its eviction would refuse the
 * read begun before its commit; a run of submissions would never find them held (decision 217).
 */
async function scoresAfterAttempt(
  db: Db,
  caches: AppCaches,
  userId: string,
  snapshot: CourseSnapshot,
  courseId: string,
  written: readonly QuizScore[],
): Promise<QuizScore[]> {
  // The progress counts the course read before the write: only while that is still the course held
  // (no edit heard of since, which would have emptied the learner entries and may have refilled them
  // from the edited course).
  const held = caches.usable && caches.courses.get(courseId) === snapshot;
  const scores = held ? caches.scores.get(userId) : undefined;
  const completed = held ? caches.completed.get(userId) : undefined;
  if (scores && completed) {
    const quizScore = withWritten(scores.get(courseId) ?? [], written);
    const done = completed.get(courseId) ?? [];
    const progress = courseProgress({
      resources: snapshot.quizzes.size + snapshot.lessons.size,
      lessonsDone: done.filter((id) => snapshot.lessons.has(id)).length,
      quizScores: quizScore.filter((score) => snapshot.quizzes.has(score.quizId)),
    });
    caches.learnerChanged(userId, caches.learnerMark(), courseId, { progress, quizScore });
    return quizScore;
  }
  caches.learnerChanged(userId, caches.learnerMark(), courseId);
  const bypass = !caches.usable;
  const [byCourse] = await Promise.all([
    caches.scores.getOrLoad(userId, () => bestScoresByCourse(db, userId), bypass),
    // Read with the scores so that their next attempt finds both held (so not when the caches are
    // bypassed); the answer does not need them, so their failure does not fail it (it has committed).
    bypass
      ? undefined
      : caches.completed.getOrLoad(userId, () => completedByCourse(db, userId)).catch(() => undefined),
  ]);
  return byCourse.get(courseId) ?? [];
}

/** A best-score list with the written rows in place of their quizzes' entries, in quiz id order. */
function withWritten(scores: readonly QuizScore[], written: readonly QuizScore[]): QuizScore[] {
  const byQuiz = new Map(scores.map((score) => [score.quizId, score]));
  for (const score of written) byQuiz.set(score.quizId, score);
  return [...byQuiz.values()].sort(byQuizId);
}

/**
 * A quiz submission's whole answer (`exerciseScoreResponseSchema`) as JSON text, for the route to send
 * as it is (decision 211): encoding it with the response schema, then `JSON.stringify`, took ~12 µs
 * of the answer's server time under load against ~5 µs for this, for objects built here and in the
 * repository with exactly the schema's fields in its order. It copies only those fields, in that order
 * (the test encodes the route's answers again with the schema and finds the same text). Null when a
 * figure is not a finite number, which JSON cannot carry: the route then returns the object, and the
 * schema refuses it as before (a 500, never a `null` score).
 */
export function exerciseScoreJson(result: {
  currentScore: number;
  quizScore: QuizScore[];
  feedback: QuizFeedback[];
}): string | null {
  const { currentScore, quizScore, feedback } = result;
  if (
    !Number.isFinite(currentScore) ||
    !quizScore.every((item) => Number.isFinite(item.score)) ||
    !feedback.every((item) => Number.isFinite(item.credit))
  )
    return null;
  return JSON.stringify({
    success: true,
    score: { currentScore, quizScore: quizScore.map(({ quizId, score }) => ({ quizId, score })) },
    feedback: feedback.map((item) => ({
      _id: item._id,
      correct: item.correct,
      credit: item.credit,
      answer: item.answer,
      explanation: item.explanation,
      explanation_tr: item.explanation_tr,
    })),
  });
}
