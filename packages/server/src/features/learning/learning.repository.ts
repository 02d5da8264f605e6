import { and, eq, sql } from 'drizzle-orm';
import { preparedFor, preparedSql } from '../../db/prepared.ts';
import type { QuizAnswer, QuizScore } from '@app/shared';
import { isServer, type Db } from '../../db/client.ts';
import { enrollments, quizAttempts, quizScores, resources } from '../../db/schema.ts';
import { batched } from '../../lib/batched.ts';
import { listsByCourse } from './completion.repository.ts';
import { byQuizId } from './course-progress.ts';

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
  return listsByCourse(await queries(db).learnerBestScores.execute({ userId }), (row) => ({
    quizId: row.quizId,
    score: clampScore(Number(row.score)),
  }));
}

interface Enrolment {
  userId: string;
  courseId: string;
}

/**
 * The enrolments that arrive while one is written share the next statement and commit (decision 064,
 * as attempts do, decision 042): each statement moves the course's stored count once and notifies
 * once (the enrolments' trigger), so a popular course's enrolments no longer queue one commit each
 * behind its row lock and the notify lock.
 */
const enrolmentBatcher = preparedFor((db) => {
  // Prepared (decision 065): one statement text whatever the batch's size.
  const insert = preparedSql(
    db,
    'learning_enrol',
    sql`insert into ${enrollments} (user_id, course_id)
        select "userId", "courseId" from jsonb_to_recordset(${sql.placeholder('input')}::jsonb)
          as i("userId" uuid, "courseId" uuid)
        on conflict do nothing`,
  );
  return batched(
    async (wanted: readonly Enrolment[]) => {
      await insert({ input: JSON.stringify(wanted) });
      return wanted.map(() => undefined);
    },
    { answerNextTurn: isServer(db) },
  );
});

/** Idempotent: the (user, course) primary key makes a second enrolment a no-op, also within a batch. */
export const enroll = (db: Db, userId: string, courseId: string): Promise<void> =>
  enrolmentBatcher(db)({ userId, courseId });

export interface Attempt {
  userId: string;
  courseId: string;
  resourceId: string;
  score: number;
  answers: QuizAnswer[];
}

interface WrittenRow {
  userId: string;
  courseId: string;
  quizId: string;
  score: number;
}

/**
 * How many of a learner's attempts at a quiz are kept (decision 203): every submission stores its
 * answers, and nothing bounded them (a reviewer grew the database 25 MB with 500 submissions). Each
 * time a learner's count of attempts at a quiz passes a multiple of this, the statement that records
 * it deletes all but the newest this many (as its snapshot sees them): at most twice as many rows,
 * one trim per this many submissions. The best score and the count stay in `quiz_scores`.
 */
export const ATTEMPTS_KEPT = 20;
const kept = sql.raw(String(ATTEMPTS_KEPT));

/** The most attempts one statement records (the batcher's flush size). */
const ATTEMPTS_PER_STATEMENT = 100;

/**
 * How many attempt numbers a trim looks at below the learner's newest before its statement (decision
 * 220): where attempts can still be stored. A trim deletes what its snapshot sees below the newest
 * ATTEMPTS_KEPT (its own attempts are not in its snapshot). Another instance's statement for the
 * same learner and quiz, committed while this one waited on their best score row, is not seen either:
 * its attempts (at most ATTEMPTS_PER_STATEMENT, numbered just below this statement's) wait for the
 * next trim, which must still reach them, so the window spans the kept attempts and two statements'
 * worth. Below it, earlier trims deleted everything; those index entries stay until a vacuum and are
 * never read again.
 */
export const TRIM_WINDOW = ATTEMPTS_KEPT + 2 * ATTEMPTS_PER_STATEMENT;
const trimWindow = sql.raw(String(TRIM_WINDOW));

/**
 * Records attempts and keeps each learner's best score in ONE statement (decision 036: one round trip
 * instead of a transaction of four), so concurrent submissions can neither lose an attempt nor lower
 * the best score; the attempts of many learners share it (decision 042). It answers the best score
 * rows it wrote and nothing else: the learner's other scores and their progress come from the
 * caller's caches (decision 217; reading them here was a third of the statement's time). It notifies
 * nothing: a notifying write would hold PostgreSQL's notify lock across its fsync (decision 039); the
 * caller reports it with `caches.learnerChanged` once it has committed (decisions 041, 061).
 * Prepared (decision 065): planning it took a quarter of its time in PostgreSQL.
 *
 * An attempt whose quiz is no longer a quiz of its course (the author's edit removed it after the
 * caller checked the cached course) is left out, and its rows say it was not recorded (decision 113).
 * `quiz` locks each attempted quiz `for key share`, in id order, before anything is written for it:
 * an edit deleting the quiz waits for this statement, or this statement for the edit's commit, after
 * which the row is gone and its attempts are left out. The edit deletes its quizzes in id order too
 * (`course-sections.repository.ts`), and its deletes reach the best scores (and through them the
 * attempts, decision 213) only after the quiz: so neither waits for the other while holding what the
 * other needs (no deadlock), and no insert here can meet a deleted quiz or best score in its foreign
 * key check (23503). An attempt's key, its best score row, is checked at the statement's end, after
 * the upsert has written it.
 */
const attemptStatement = preparedFor((db) =>
  preparedSql<WrittenRow>(
    db,
    'learning_record_attempts',
    sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('input')}::jsonb)
        as i(n int, "userId" uuid, "courseId" uuid, "resourceId" uuid, score float8, answers jsonb)
    ), quiz as (
      select r.id, r.course_id from ${resources} r
       where r.id in (select "resourceId" from input) and r.type = 'quiz'
       order by r.id
       for key share
    ), valid as (
      select i.* from input i join quiz q on q.id = i."resourceId" and q.course_id = i."courseId"
    ), upserted as (
      insert into ${quizScores} as s (user_id, resource_id, course_id, best_score, attempts)
      select "userId", "resourceId", "courseId", max(score), count(*) from valid
       group by "userId", "resourceId", "courseId"
      on conflict (user_id, resource_id) do update
        set best_score = greatest(s.best_score, excluded.best_score),
            attempts = s.attempts + excluded.attempts,
            updated_at = now()
      returning s.user_id, s.course_id, s.resource_id, s.best_score, s.attempts
    ), counted as (
      select "userId", "resourceId", count(*)::int as n from valid group by 1, 2
    ), attempt as (
      -- Numbered after the best score row's count as the upsert left it (decision 220): this
      -- statement's attempts for a learner and quiz are the last n of that count, in input order.
      insert into ${quizAttempts} (user_id, course_id, resource_id, score, answers, seq)
      select v."userId", v."courseId", v."resourceId", v.score, v.answers,
             u.attempts - d.n + row_number() over (partition by v."userId", v."resourceId" order by v.n)::int
        from valid v
        join upserted u on u.user_id = v."userId" and u.resource_id = v."resourceId"
        join counted d on d."userId" = v."userId" and d."resourceId" = v."resourceId"
       order by v.n
    ), trimmed as (
      -- By row address from an array made first: when no trim is due (19 submissions in 20) the array
      -- is empty and no attempt is read; a join here was planned as a scan of every attempt. A TID
      -- scan, not a primary-key descent per id (decision 214); attempts are never updated. The
      -- numbers bound what is read (decision 220): before them, a trim read every attempt the learner
      -- ever made at the quiz, trimmed ones included, until a vacuum removed them.
      delete from ${quizAttempts} a
       where a.ctid = any(array(
         select old.ctid
           from upserted u
           join counted d on d."userId" = u.user_id and d."resourceId" = u.resource_id
           cross join lateral (
             select k.ctid from ${quizAttempts} k
              where k.user_id = u.user_id and k.resource_id = u.resource_id
                and k.seq > u.attempts - d.n - ${trimWindow} and k.seq <= u.attempts - d.n - ${kept}
           ) old
          where u.attempts > ${kept} and u.attempts / ${kept} > (u.attempts - d.n) / ${kept}
       ))
    )
    select user_id as "userId", course_id as "courseId", resource_id as "quizId", best_score as score
      from upserted`,
  ),
);

/**
 * Each attempt's answer, in order: the best scores the statement wrote for its learner in its course
 * (its own quiz's, and any other quiz of theirs in the same batch), in quiz id order; null for one
 * left out because its quiz is gone.
 */
async function recordAttempts(db: Db, attempts: readonly Attempt[]): Promise<(QuizScore[] | null)[]> {
  const input = JSON.stringify(attempts.map((attempt, n) => ({ n, ...attempt })));
  const written = await attemptStatement(db)({ input });
  const byLearner = new Map<string, QuizScore[]>();
  for (const row of written) {
    const key = `${row.userId}:${row.courseId}`;
    const scores = byLearner.get(key) ?? [];
    scores.push({ quizId: row.quizId, score: clampScore(Number(row.score)) });
    byLearner.set(key, scores);
  }
  for (const scores of byLearner.values()) scores.sort(byQuizId);
  return attempts.map((attempt) => {
    const scores = byLearner.get(`${attempt.userId}:${attempt.courseId}`);
    return scores?.some((score) => score.quizId === attempt.resourceId) ? scores : null;
  });
}

/**
 * One batcher per database handle: the submissions of one instance share statements. On a server the
 * answers wait for the next batch to go out (decision 212).
 */
const attemptBatcher = preparedFor((db) =>
  batched((attempts: readonly Attempt[]) => recordAttempts(db, attempts), {
    max: ATTEMPTS_PER_STATEMENT,
    answerNextTurn: isServer(db),
  }),
);

/**
 * Records one attempt (with whatever others are waiting, decision 042); answers the best scores it
 * wrote for the learner in the course (see `recordAttempts`), or null when its quiz is no longer a
 * quiz of that course (nothing was written, decision 113).
 */
export const recordAttempt = (db: Db, attempt: Attempt): Promise<QuizScore[] | null> =>
  attemptBatcher(db)(attempt);
