import { LESSON_TYPES, type ErrorCourse, type QuizQuestion, type ResourceType } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AppCaches } from '../../lib/caches.ts';
import { keptDeflated } from '../../lib/gzip-join.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import type { JoinedAnswer } from '../../plugins/compression.ts';
import { studyVerdict, type CourseAccess, type StudyVerdict } from './course-access.service.ts';
import { enrolledCourseIds } from './course-lists.repository.ts';
import { findSharedSummaryRow, findTreeRows } from './courses.repository.ts';
import {
  closeSummaryJson,
  learnerSectionsJson,
  summaryJsonHead,
  toSections,
} from './course-views.service.ts';

/**
 * One course as every learner studies it, cached per course (decision 036): what the access policy
 * decides on, the learner view as JSON text (no answers) and the quiz keys, which never leave the
 * server. Any change to a course row (its content, state or enrolment counter) or to a user (author
 * names) notifies and evicts it, like the catalogue (decision 019); course edits write the course row
 * in the same transaction as its sections and resources.
 */
export interface CourseSnapshot {
  access: Omit<CourseAccess, 'enrolled'>;
  /** Its id and titles, for a refusal that names the course (NOT_ENROLLED). */
  names: ErrorCourse;
  /**
   * The learner view's answer up to the caller's fields: `{"success":true,"data":` and the course's
   * JSON without them (see `summaryJsonHead`), `course_section` included as a learner receives it.
   * Deflated once for the answers that go gzip-joined (decision 057).
   */
  learnerViewHead: Buffer;
  /** Every quiz resource of the course → its questions with the correct answers (for scoring only). */
  quizzes: ReadonlyMap<string, QuizQuestion[]>;
  /** The video and PDF resources: the lessons a learner can complete (decision 033). */
  lessons: ReadonlySet<string>;
}

const isLesson = (type: ResourceType) => (LESSON_TYPES as readonly ResourceType[]).includes(type);

/** The course's snapshot, from the cache when it can be trusted; null when there is no such course. */
export async function courseSnapshot(
  db: Db,
  caches: AppCaches,
  courseId: string,
): Promise<CourseSnapshot | null> {
  const usable = caches.usable;
  const hit = usable ? (caches.courses.get(courseId) as CourseSnapshot | undefined) : undefined;
  if (hit) return hit;
  const generation = caches.courses.generation;
  const [row, tree] = await Promise.all([findSharedSummaryRow(db, courseId), findTreeRows(db, courseId)]);
  if (!row) return null; // unknown ids are not cached: they would crowd out real courses
  const snapshot: CourseSnapshot = {
    access: { status: row.status, isAvailable: row.isAvailable, createdBy: row.ownerId },
    names: { id: courseId, title: row.title, title_tr: row.titleTr },
    learnerViewHead: Buffer.from(
      `{"success":true,"data":${summaryJsonHead(row)},"course_section":${learnerSectionsJson(toSections(tree.sections, tree.resources))}`,
    ),
    quizzes: new Map(
      tree.resources.flatMap((resource) =>
        resource.type === 'quiz' ? [[resource.id, resource.quiz ?? []] as const] : [],
      ),
    ),
    lessons: new Set(
      tree.resources.filter((resource) => isLesson(resource.type)).map((resource) => resource.id),
    ),
  };
  if (usable) caches.courses.set(courseId, snapshot, generation);
  return snapshot;
}

/** The ids of the courses a user is enrolled in, cached per user (evicted by their enrolments). */
export function enrolledIdsOf(db: Db, caches: AppCaches, userId: string): Promise<ReadonlySet<string>> {
  return caches.enrolled.getOrLoad(userId, () => enrolledCourseIds(db, userId), !caches.usable);
}

export interface StudyAccess {
  verdict: StudyVerdict;
  /** Null only when the verdict is `hidden` because there is no such course. */
  snapshot: CourseSnapshot | null;
  enrolled: boolean;
}

/** The access policy's study verdict from cached data: no query on a warm cache. */
export async function studyAccess(
  db: Db,
  caches: AppCaches,
  user: AuthUser,
  courseId: string,
): Promise<StudyAccess> {
  const [snapshot, enrolledIds] = await Promise.all([
    courseSnapshot(db, caches, courseId),
    enrolledIdsOf(db, caches, user.id),
  ]);
  const enrolled = enrolledIds.has(courseId);
  const verdict = studyVerdict(user, snapshot && { ...snapshot.access, enrolled });
  return { verdict, snapshot, enrolled };
}

/**
 * The learner view's whole answer: the cached course finished with the caller's fields, to go
 * gzip-joined from the course's bytes deflated once (decisions 057, 073).
 */
export function learnerCourseAnswer(
  snapshot: CourseSnapshot,
  viewerId: string,
  enrolled: boolean,
  quizScore: readonly { quizId: string; score: number }[],
): JoinedAnswer {
  const scores = JSON.stringify(quizScore.map(({ quizId, score }) => ({ quizId, score })));
  const callers = Buffer.from(`${closeSummaryJson('', viewerId, enrolled, `,"quizScore":${scores}`)}}`);
  const head = snapshot.learnerViewHead;
  return { parts: [head, callers], pieces: () => [keptDeflated(head), callers] };
}
