import { and, eq, inArray, sql } from 'drizzle-orm';
import { LESSON_TYPES, type QuizScore } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { preparedFor, preparedSql } from '../../db/prepared.ts';
import { lessonCompletions, quizScores, resources } from '../../db/schema.ts';
import { courseProgress, type ProgressFacts } from './course-progress.ts';

/** What course progress counts (decision 033): every video, PDF and quiz of the course weighs the same. */
export const PROGRESS_TYPES = [...LESSON_TYPES, 'quiz'] as const;

/**
 * Each PROGRESS_TYPES resource of the given courses with what counts for one learner's progress in
 * it: one pass over the courses' resources (resources_course_idx) with two primary-key lookups per
 * resource. `courseProgress` adds them up (decision 217).
 */
function progressFactsQuery(db: Db, userId: string, courseIds: string[]) {
  return db
    .select({
      courseId: resources.courseId,
      resourceId: resources.id,
      type: resources.type,
      bestScore: quizScores.bestScore,
      done: sql<boolean>`${lessonCompletions.userId} is not null`,
    })
    .from(resources)
    .leftJoin(quizScores, and(eq(quizScores.resourceId, resources.id), eq(quizScores.userId, userId)))
    .leftJoin(
      lessonCompletions,
      and(eq(lessonCompletions.resourceId, resources.id), eq(lessonCompletions.userId, userId)),
    )
    .where(and(inArray(resources.courseId, courseIds), inArray(resources.type, [...PROGRESS_TYPES])));
}

const queries = preparedFor((db: Db) => ({
  completed: db
    .select({ resourceId: lessonCompletions.resourceId })
    .from(lessonCompletions)
    .where(
      and(
        eq(lessonCompletions.userId, sql.placeholder('userId')),
        eq(lessonCompletions.courseId, sql.placeholder('courseId')),
      ),
    )
    .orderBy(lessonCompletions.resourceId)
    .prepare('completion_completed'),
  everyCourse: db
    .select({ courseId: lessonCompletions.courseId, resourceId: lessonCompletions.resourceId })
    .from(lessonCompletions)
    .where(eq(lessonCompletions.userId, sql.placeholder('userId')))
    .orderBy(lessonCompletions.resourceId)
    .prepare('completion_every_course'),
}));

/**
 * Marks a lesson done: the lesson is locked `for key share` before its row is inserted, so an edit
 * deleting the lesson meanwhile either waits for this statement or has committed when it is read, and
 * the lesson is then found gone instead of failing the insert's foreign key check (decision 113).
 * Idempotent: the (learner, resource) primary key makes a second completion a no-op.
 */
const completionStatement = preparedFor((db) =>
  preparedSql<{ found: boolean; completed: boolean }>(
    db,
    'completion_record',
    sql`
    with lesson as (
      select r.id, r.course_id from ${resources} r
       where r.id = ${sql.placeholder('resourceId')}::uuid and r.course_id = ${sql.placeholder('courseId')}::uuid
         and ${inArray(sql`r.type`, [...LESSON_TYPES])}
       for key share
    ), inserted as (
      insert into ${lessonCompletions} (user_id, course_id, resource_id)
      select ${sql.placeholder('userId')}::uuid, course_id, id from lesson
      on conflict do nothing
      returning 1
    )
    select exists (select 1 from lesson) as found, exists (select 1 from inserted) as completed`,
  ),
);

/**
 * `completed` when this call completed the lesson (the caller then reports it with
 * `caches.learnerChanged`, decision 061), `before` when it was done already, `gone` when it is no
 * longer a lesson of that course (nothing written).
 */
export async function recordCompletion(
  db: Db,
  completion: { userId: string; courseId: string; resourceId: string },
): Promise<'completed' | 'before' | 'gone'> {
  const [row] = await completionStatement(db)(completion);
  if (!row?.found) return 'gone';
  return row.completed ? 'completed' : 'before';
}

/** The lessons of a course this learner has completed. */
export async function completedLessons(db: Db, userId: string, courseId: string): Promise<string[]> {
  const rows = await queries(db).completed.execute({ userId, courseId });
  return rows.map((row) => row.resourceId);
}

/**
 * The lessons this learner has completed, by course id, in id order: one query for all their courses,
 * the unit the learner caches hold (decision 066).
 */
export async function completedByCourse(db: Db, userId: string): Promise<Map<string, string[]>> {
  return listsByCourse(await queries(db).everyCourse.execute({ userId }), (row) => row.resourceId);
}

/** A learner's rows as the learner caches hold them: course id → one list, in the rows' order. */
export function listsByCourse<R extends { courseId: string }, V>(rows: readonly R[], value: (row: R) => V) {
  const byCourse = new Map<string, V[]>();
  for (const row of rows) {
    const list = byCourse.get(row.courseId) ?? [];
    list.push(value(row));
    byCourse.set(row.courseId, list);
  }
  return byCourse;
}

/** Course progress (0..100) of one learner in each of the given courses; absent courses count 0. */
export async function progressByCourse(
  db: Db,
  userId: string,
  courseIds: readonly string[],
): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const byCourse = new Map<string, ProgressFacts & { quizScores: QuizScore[] }>();
  for (const row of await progressFactsQuery(db, userId, [...courseIds])) {
    let facts = byCourse.get(row.courseId);
    if (!facts) byCourse.set(row.courseId, (facts = { resources: 0, lessonsDone: 0, quizScores: [] }));
    facts.resources++;
    if (row.type !== 'quiz') facts.lessonsDone += row.done ? 1 : 0;
    else if (row.bestScore !== null) facts.quizScores.push({ quizId: row.resourceId, score: row.bestScore });
  }
  return new Map([...byCourse].map(([courseId, facts]) => [courseId, courseProgress(facts)]));
}
