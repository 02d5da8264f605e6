import { and, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import type { QuizAnswer, QuizQuestion } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { enrollments, quizAttempts, quizScores, resources } from '../../db/schema.ts';

/**
 * Prepared statements are bound to one database handle, so they are built once per Db and cached.
 * (The hot learner paths run these on every page view and quiz submission.)
 */
function buildQueries(db: Db) {
  const overall = db
    .select({
      // Unattempted quizzes count as 0; a course without quizzes averages to null → 0.
      score: sql<number | null>`avg(coalesce(${quizScores.bestScore}, 0))::float8`,
    })
    .from(resources)
    .leftJoin(
      quizScores,
      and(eq(quizScores.resourceId, resources.id), eq(quizScores.userId, sql.placeholder('userId'))),
    )
    .where(and(eq(resources.courseId, sql.placeholder('courseId')), eq(resources.type, 'quiz')))
    .prepare('learning_overall_score');

  const bestScores = db
    .select({ quizId: quizScores.resourceId, score: quizScores.bestScore })
    .from(quizScores)
    .innerJoin(resources, and(eq(resources.id, quizScores.resourceId), eq(resources.type, 'quiz')))
    .where(
      and(
        eq(quizScores.userId, sql.placeholder('userId')),
        eq(quizScores.courseId, sql.placeholder('courseId')),
      ),
    )
    .orderBy(resources.id)
    .prepare('learning_best_scores');

  const quiz = db
    .select({ quiz: resources.quiz })
    .from(resources)
    .where(
      and(
        eq(resources.id, sql.placeholder('resourceId')),
        eq(resources.courseId, sql.placeholder('courseId')),
        eq(resources.type, 'quiz'),
      ),
    )
    .prepare('learning_quiz');

  return { overall, bestScores, quiz };
}

const queries = preparedFor(buildQueries);

export const clampScore = (value: number): number => Math.min(100, Math.max(0, value));

/**
 * A learner's overall score in a course: the mean of their best score on each quiz of the course,
 * counting unattempted quizzes as 0; 0 for a course without quizzes; always within 0..100.
 * Reused by the certificate feature (through `overallScoreOf` in learning.service.ts).
 */
export async function overallScore(db: Db, userId: string, courseId: string): Promise<number> {
  const [row] = await queries(db).overall.execute({ userId, courseId });
  return clampScore(Number(row?.score ?? 0));
}

/** The caller's best score on each quiz of the course (quizzes never attempted are absent). */
export async function bestScores(
  db: Db,
  userId: string,
  courseId: string,
): Promise<{ quizId: string; score: number }[]> {
  const rows = await queries(db).bestScores.execute({ userId, courseId });
  return rows.map((row) => ({ quizId: row.quizId, score: clampScore(Number(row.score)) }));
}

/** The questions of a quiz resource of this course (null when the resource is not such a quiz). */
export async function findQuiz(db: Db, courseId: string, resourceId: string): Promise<QuizQuestion[] | null> {
  const [row] = await queries(db).quiz.execute({ courseId, resourceId });
  return row?.quiz ?? null;
}

/** Idempotent: the (user, course) primary key makes a second enrolment a no-op. */
export async function enroll(db: Db, userId: string, courseId: string): Promise<void> {
  await db.insert(enrollments).values({ userId, courseId }).onConflictDoNothing();
}

/**
 * Records one attempt and keeps the best score in a single atomic upsert, so concurrent
 * submissions can neither lose an attempt nor lower the best score.
 */
export async function recordAttempt(
  db: Db,
  attempt: {
    userId: string;
    courseId: string;
    resourceId: string;
    score: number;
    answers: QuizAnswer[];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(quizAttempts).values(attempt);
    await tx
      .insert(quizScores)
      .values({
        userId: attempt.userId,
        resourceId: attempt.resourceId,
        courseId: attempt.courseId,
        bestScore: attempt.score,
        attempts: 1,
      })
      .onConflictDoUpdate({
        target: [quizScores.userId, quizScores.resourceId],
        set: {
          bestScore: sql`greatest(${quizScores.bestScore}, excluded.best_score)`,
          attempts: sql`${quizScores.attempts} + 1`,
          updatedAt: sql`now()`,
        },
      });
  });
}
