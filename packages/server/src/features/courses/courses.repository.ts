import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import {
  ROLE_AR,
  STATUS_AR,
  type CourseStatus,
  type CourseSummary,
  type LearnerSection,
  type Section,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { courseEvents, courseSections, courses, enrollments, resources, users } from '../../db/schema.ts';
import { fileUrl } from '../files/files.service.ts';

/**
 * Course reads. Every list is ONE paged query (plus its count): the author is joined, the enrolment
 * count is the stored `enrolled_count` (decision 018) and "is the caller enrolled" is one primary-key
 * probe per row, so no read grows with the number of learners. The hot learner paths are prepared
 * once per database handle.
 */

const callerId = sql.placeholder('callerId');

const summaryColumns = {
  id: courses.id,
  title: courses.title,
  titleTr: courses.titleTr,
  description: courses.description,
  descriptionTr: courses.descriptionTr,
  author: courses.author,
  license: courses.license,
  status: courses.status,
  isAvailable: courses.isAvailable,
  enableEditing: courses.enableEditing,
  previewFileId: courses.previewFileId,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  ownerId: users.id,
  ownerFirstname: users.firstname,
  ownerLastname: users.lastname,
  ownerEmail: users.email,
  ownerRole: users.role,
  enrolledCount: courses.enrolledCount,
};

export const summarySelect = (db: Db) =>
  db.select(summaryColumns).from(courses).innerJoin(users, eq(users.id, courses.createdBy));
export const withCallerSelect = (db: Db) =>
  db
    .select({
      ...summaryColumns,
      enrolled: sql<boolean>`exists (select 1 from ${enrollments} where ${enrollments.userId} = ${callerId} and ${enrollments.courseId} = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy));

export type SummaryRow = Awaited<ReturnType<typeof summarySelect>>[number];

/**
 * `enrolled_users` is kept for the contract's shape and holds at most the caller's own id, for every
 * audience (who is enrolled is never listed: it grows with the learners).
 */
export function toSummary(row: SummaryRow, viewerId: string, enrolled: boolean): CourseSummary {
  return {
    _id: row.id,
    title: row.title,
    title_tr: row.titleTr,
    description: row.description,
    description_tr: row.descriptionTr,
    author: row.author,
    license: row.license,
    status: row.status,
    status_tr: STATUS_AR[row.status],
    isAvailable: row.isAvailable,
    enableEditing: row.enableEditing,
    preview_image: row.previewFileId ? fileUrl(row.previewFileId) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: {
      _id: row.ownerId,
      firstname: row.ownerFirstname,
      lastname: row.ownerLastname,
      email: row.ownerEmail,
      role: row.ownerRole,
      role_tr: ROLE_AR[row.ownerRole],
    },
    enrolled_users: enrolled ? [viewerId] : [],
    enrolled_count: row.enrolledCount,
    enrolled,
  };
}

function buildQueries(db: Db) {
  return {
    summary: withCallerSelect(db)
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('courses_summary'),
    sections: db
      .select()
      .from(courseSections)
      .where(eq(courseSections.courseId, sql.placeholder('courseId')))
      .orderBy(asc(courseSections.position))
      .prepare('courses_sections'),
    resources: db
      .select()
      .from(resources)
      .where(eq(resources.courseId, sql.placeholder('courseId')))
      .orderBy(asc(resources.position))
      .prepare('courses_resources'),
  };
}

const queries = preparedFor(buildQueries);

export async function findSummary(db: Db, viewerId: string, courseId: string): Promise<CourseSummary | null> {
  const [row] = await queries(db).summary.execute({ callerId: viewerId, courseId });
  return row ? toSummary(row, viewerId, Boolean(row.enrolled)) : null;
}

/** Sections with their resources in order, answers included (for the owner's edit form). */
export async function loadSections(db: Db, courseId: string): Promise<Section[]> {
  const [sectionRows, resourceRows] = await Promise.all([
    queries(db).sections.execute({ courseId }),
    queries(db).resources.execute({ courseId }),
  ]);
  return sectionRows.map((section) => ({
    _id: section.id,
    title: section.title,
    title_tr: section.titleTr,
    description: section.description,
    description_tr: section.descriptionTr,
    resources: resourceRows
      .filter((resource) => resource.sectionId === section.id)
      .map((resource) => ({
        _id: resource.id,
        type: resource.type,
        title: resource.title,
        title_tr: resource.titleTr,
        description: resource.description,
        description_tr: resource.descriptionTr,
        link: resource.link,
        file: resource.fileId ? fileUrl(resource.fileId) : null,
        quiz: resource.quiz,
      })),
  }));
}

/** What a learner may see of the sections: everything except the correct answers. */
export function withoutAnswers(sections: Section[]): LearnerSection[] {
  return sections.map((section) => ({
    ...section,
    resources: section.resources.map((resource) => ({
      ...resource,
      quiz:
        resource.quiz?.map((question) => ({
          _id: question._id,
          question: question.question,
          question_tr: question.question_tr,
          options: question.options.map((option) => ({ name: option.name, name_tr: option.name_tr })),
        })) ?? null,
    })),
  }));
}

export interface CourseState {
  id: string;
  createdBy: string;
  status: CourseStatus;
  isAvailable: boolean;
  enableEditing: boolean;
  previewFileId: string | null;
}

const stateColumns = {
  id: courses.id,
  createdBy: courses.createdBy,
  status: courses.status,
  isAvailable: courses.isAvailable,
  enableEditing: courses.enableEditing,
  previewFileId: courses.previewFileId,
};

export async function findCourseState(db: Db, courseId: string): Promise<CourseState | null> {
  const [row] = await db.select(stateColumns).from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

/** The course row locked until the transaction ends, so concurrent actions apply one after another. */
export async function lockCourseState(tx: Tx, courseId: string): Promise<CourseState | null> {
  const [row] = await tx.select(stateColumns).from(courses).where(eq(courses.id, courseId)).for('update');
  return row ?? null;
}

/** The status a course had when it was last archived (to return it there on un-archive). */
export async function statusBeforeArchive(tx: Tx, courseId: string): Promise<CourseStatus | null> {
  const [row] = await tx
    .select({ fromStatus: courseEvents.fromStatus })
    .from(courseEvents)
    .where(and(eq(courseEvents.courseId, courseId), eq(courseEvents.toStatus, 'Archived')))
    .orderBy(desc(courseEvents.createdAt))
    .limit(1);
  return (row?.fromStatus as CourseStatus | null | undefined) ?? null;
}

export async function recordEvent(
  tx: Tx,
  event: {
    courseId: string;
    actorId: string;
    action: string;
    fromStatus: CourseStatus | null;
    toStatus: CourseStatus | null;
  },
): Promise<void> {
  await tx.insert(courseEvents).values(event);
}
