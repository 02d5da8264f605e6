import type { CourseProgress } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { notFound } from '../../lib/errors.ts';
import { completedLessons, isLessonOf, progressByCourse, recordCompletion } from './completion.repository.ts';
import { learningMessages } from './learning.messages.ts';
import { assertMayStudy } from './learning.service.ts';

/** The caller's completed lessons and course progress (same access as the course view). */
export async function learnerProgress(db: Db, user: AuthUser, courseId: string): Promise<CourseProgress> {
  await assertMayStudy(db, user, courseId);
  return progressOf(db, user.id, courseId);
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
  user: AuthUser,
  courseId: string,
  resourceId: string,
): Promise<CourseProgress> {
  await assertMayStudy(db, user, courseId);
  if (!(await isLessonOf(db, courseId, resourceId))) throw notFound(learningMessages.lessonNotFound);
  await recordCompletion(db, { userId: user.id, courseId, resourceId });
  return progressOf(db, user.id, courseId);
}

/**
 * Course progress of one learner for a page of courses, in one set-based query (the dashboard's
 * cards; decision 033). Callers pass only courses the learner is enrolled in.
 */
export const progressForCourses = (db: Db, userId: string, courseIds: readonly string[]) =>
  progressByCourse(db, userId, courseIds);
