import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizScores, resources } from '../../db/schema.ts';

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

  return { overall, bestScores };
}

const queriesByDb = new WeakMap<Db, ReturnType<typeof buildQueries>>();
function queries(db: Db) {
  let built = queriesByDb.get(db);
  if (!built) {
    built = buildQueries(db);
    queriesByDb.set(db, built);
  }
  return built;
}

export const clampScore = (value: number): number => Math.min(100, Math.max(0, value));

/**
 * A learner's overall score in a course: the mean of their best score on each quiz of the course,
 * counting unattempted quizzes as 0; 0 for a course without quizzes; always within 0..100.
 * Reused by the certificate feature.
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
