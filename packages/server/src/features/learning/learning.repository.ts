import { and, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import type { QuizAnswer, QuizScore } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { enrollments, quizAttempts, quizScores, resources } from '../../db/schema.ts';
import { rows } from '../../db/rows.ts';

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

  const learnerBestScores = db
    .select({ courseId: quizScores.courseId, quizId: quizScores.resourceId, score: quizScores.bestScore })
    .from(quizScores)
    .innerJoin(resources, and(eq(resources.id, quizScores.resourceId), eq(resources.type, 'quiz')))
    .where(eq(quizScores.userId, sql.placeholder('userId')))
    .orderBy(resources.id)
    .prepare('learning_learner_best_scores');

  return { overall, learnerBestScores };
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

/**
 * The caller's best score on each quiz, by course id, in quiz id order (quizzes never attempted are
 * absent): one query for all their courses, the unit the learner caches hold.
 */
export async function bestScoresByCourse(db: Db, userId: string): Promise<Map<string, QuizScore[]>> {
  const byCourse = new Map<string, QuizScore[]>();
  for (const row of await queries(db).learnerBestScores.execute({ userId })) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push({ quizId: row.quizId, score: clampScore(Number(row.score)) });
    byCourse.set(row.courseId, list);
  }
  return byCourse;
}

/** Idempotent: the (user, course) primary key makes a second enrolment a no-op. */
export async function enroll(db: Db, userId: string, courseId: string): Promise<void> {
  await db.insert(enrollments).values({ userId, courseId }).onConflictDoNothing();
}

/**
 * Records one attempt and keeps the best score in ONE statement (decision 036: one round trip instead
 * of a transaction of four), so concurrent submissions can neither lose an attempt nor lower the best
 * score. It answers the caller's best scores in the course after the write: the upserted row from the
 * upsert itself (the statement's snapshot predates it) and the others as they were. It notifies
 * nothing: a notifying write would hold PostgreSQL's notify lock across its fsync (decision 039); the
 * caller publishes `p:<user>` once it has committed (decision 041).
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
): Promise<{ quizId: string; score: number }[]> {
  const { userId, courseId, resourceId, score } = attempt;
  const best = await rows<{ quizId: string; score: number }>(
    db,
    sql`
    with attempt as (
      insert into ${quizAttempts} (user_id, course_id, resource_id, score, answers)
      values (${userId}, ${courseId}, ${resourceId}, ${score}, ${JSON.stringify(attempt.answers)}::jsonb)
    ), best as (
      insert into ${quizScores} as s (user_id, resource_id, course_id, best_score, attempts)
      values (${userId}, ${resourceId}, ${courseId}, ${score}, 1)
      on conflict (user_id, resource_id) do update
        set best_score = greatest(s.best_score, excluded.best_score),
            attempts = s.attempts + 1,
            updated_at = now()
      returning s.resource_id, s.best_score
    )
    select resource_id as "quizId", best_score as score from best
    union all
    select s.resource_id, s.best_score from ${quizScores} s
      join ${resources} r on r.id = s.resource_id and r.type = 'quiz'
     where s.user_id = ${userId} and s.course_id = ${courseId} and s.resource_id <> ${resourceId}
    order by 1`,
  );
  return best.map((row) => ({ quizId: row.quizId, score: clampScore(Number(row.score)) }));
}
