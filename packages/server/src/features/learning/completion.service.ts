import type { CourseProgress } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { notFound } from '../../lib/errors.ts';
import { enrolledIdsOf } from '../courses/course-snapshots.service.ts';
import {
  completedByCourse,
  completedLessons,
  progressByCourse,
  recordCompletion,
} from './completion.repository.ts';
import { learningMessages } from './learning.messages.ts';
import { assertMayStudy } from './learning.service.ts';

/**
 * The caller's completed lessons and course progress (same access as the course view): from the
 * learner caches when they are enrolled (decision 066; staff and owners studying a course they are
 * not enrolled in are read from the database).
 */
export async function learnerProgress(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
): Promise<CourseProgress> {
  const { enrolled } = await assertMayStudy(db, caches, user, courseId);
  return enrolled ? cachedCourseProgress(db, caches, user.id, courseId) : progressOf(db, user.id, courseId);
}

/** An enrolled learner's progress in one course from their cached figures: no query on a warm cache. */
async function cachedCourseProgress(
  db: Db,
  caches: AppCaches,
  userId: string,
  courseId: string,
): Promise<CourseProgress> {
  const [completed, progress] = await Promise.all([
    caches.completed.getOrLoad(userId, () => completedByCourse(db, userId), !caches.usable),
    enrolledIdsOf(db, caches, userId).then((ids) => cachedProgress(db, caches, userId, ids, [courseId])),
  ]);
  return { completed: [...(completed.get(courseId) ?? [])], progress: progress.get(courseId) ?? 0 };
}

async function progressOf(db: Db, userId: string, courseId: string): Promise<CourseProgress> {
  const [completed, progress] = await Promise.all([
    completedLessons(db, userId, courseId),
    progressByCourse(db, userId, [courseId]),
  ]);
  return { completed, progress: progress.get(courseId) ?? 0 };
}

/**
 * Marks a video or PDF lesson done for the caller (idempotent). Whoever may study the course may
 * complete its lessons; a resource that is not a lesson of this course is 404 (quizzes complete by
 * their score, never here).
 */
export async function completeLesson(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
  resourceId: string,
): Promise<CourseProgress> {
  const { snapshot, enrolled } = await assertMayStudy(db, caches, user, courseId);
  if (!snapshot.lessons.has(resourceId)) throw notFound(learningMessages.lessonNotFound);
  const mark = caches.learnerMark();
  const recorded = await recordCompletion(db, { userId: user.id, courseId, resourceId });
  // The author's edit removed the lesson after the cached course was read (decision 113).
  if (recorded === 'gone') throw notFound(learningMessages.lessonNotFound);
  const completed = recorded === 'completed';
  if (!completed && enrolled) {
    // Done before: nothing changed, so their cached figures answer, once they show this lesson done
    // (a completion just taken by another instance may not have reached this one's caches yet).
    const cached = await cachedCourseProgress(db, caches, user.id, courseId);
    if (cached.completed.includes(resourceId)) return cached;
  }
  let after: CourseProgress | undefined;
  try {
    after = await progressOf(db, user.id, courseId);
    return after;
  } finally {
    // Their cached progress and completed lessons: revised here with what was read after the write
    // (evicted if that read failed), evicted everywhere else once settled (decisions 041, 061, 066).
    if (completed) caches.learnerChanged(user.id, mark, courseId, after);
  }
}

/**
 * Course progress of one learner in their enrolled courses (the catalogue's cards; decision 033),
 * cached per learner over all of `enrolledIds` in one set-based query (decision 036). Revised in
 * place by their own completions and scores on the instance that wrote them (decision 061), evicted
 * when they change elsewhere or their enrolments change (`p:`/`e:` notifications) and on any course change
 * (lessons and quizzes are the denominator). `needed` are the ids the caller will read: a cached map
 * without one of them predates an enrolment and is reloaded.
 */
export async function cachedProgress(
  db: Db,
  caches: AppCaches,
  userId: string,
  enrolledIds: ReadonlySet<string>,
  needed: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  const load = async () => {
    const found = await progressByCourse(db, userId, [...enrolledIds]);
    return new Map([...enrolledIds].map((id) => [id, found.get(id) ?? 0]));
  };
  const coversNeeded = (cached: ReadonlyMap<string, number>) => needed.every((id) => cached.has(id));
  return caches.progress.getOrLoad(userId, load, !caches.usable, coversNeeded);
}
