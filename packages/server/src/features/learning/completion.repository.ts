import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { CACHE_CHANNEL } from '../../db/notify-listener.ts';
import { lessonCompletions, quizScores, resources } from '../../db/schema.ts';

/** Resource types a learner completes by studying them; quizzes count by their best score instead. */
const LESSON_TYPES = ['video', 'pdf'] as const;

/**
 * Course progress per course for one learner, set-based (decision 033): every video, PDF and quiz of
 * the course weighs the same; a lesson counts 1 once completed, a quiz its best score ÷ 100. One pass
 * over the courses' resources (resources_course_idx) with two primary-key lookups per resource.
 */
function progressQuery(db: Db, userId: string, courseIds: string[]) {
  return db
    .select({
      courseId: resources.courseId,
      progress: sql<number>`coalesce(100 * avg(case
        when ${resources.type} = 'quiz' then least(greatest(coalesce(${quizScores.bestScore}, 0), 0), 100) / 100
        when ${lessonCompletions.userId} is not null then 1
        else 0 end), 0)::float8`,
    })
    .from(resources)
    .leftJoin(quizScores, and(eq(quizScores.resourceId, resources.id), eq(quizScores.userId, userId)))
    .leftJoin(
      lessonCompletions,
      and(eq(lessonCompletions.resourceId, resources.id), eq(lessonCompletions.userId, userId)),
    )
    .where(and(inArray(resources.courseId, courseIds), inArray(resources.type, [...LESSON_TYPES, 'quiz'])))
    .groupBy(resources.courseId);
}

const queries = preparedFor((db: Db) => ({
  lesson: db
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.id, sql.placeholder('resourceId')),
        eq(resources.courseId, sql.placeholder('courseId')),
        inArray(resources.type, [...LESSON_TYPES]),
      ),
    )
    .prepare('completion_lesson'),
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
}));

/** Whether the resource is a video or PDF lesson of this course. */
export async function isLessonOf(db: Db, courseId: string, resourceId: string): Promise<boolean> {
  const rows = await queries(db).lesson.execute({ courseId, resourceId });
  return rows.length > 0;
}

/**
 * Idempotent: the (learner, resource) primary key makes a second completion a no-op. A new completion
 * notifies `p:<user>` at commit, evicting the learner's cached progress on every instance (decision 036).
 */
export async function recordCompletion(
  db: Db,
  completion: { userId: string; courseId: string; resourceId: string },
): Promise<void> {
  const { userId, courseId, resourceId } = completion;
  await db.execute(sql`
    with done as (
      insert into ${lessonCompletions} (user_id, course_id, resource_id)
      values (${userId}, ${courseId}, ${resourceId})
      on conflict do nothing
      returning user_id
    )
    select pg_notify(${CACHE_CHANNEL}, 'p:' || user_id::text) from done`);
}

/** The lessons of a course this learner has completed. */
export async function completedLessons(db: Db, userId: string, courseId: string): Promise<string[]> {
  const rows = await queries(db).completed.execute({ userId, courseId });
  return rows.map((row) => row.resourceId);
}

/** Course progress (0..100) of one learner in each of the given courses; absent courses count 0. */
export async function progressByCourse(
  db: Db,
  userId: string,
  courseIds: readonly string[],
): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await progressQuery(db, userId, [...courseIds]);
  return new Map(rows.map((row) => [row.courseId, Math.min(100, Math.max(0, Number(row.progress)))]));
}
