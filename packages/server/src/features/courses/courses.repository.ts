import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
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
 * Course reads. Every list is ONE query: the author is joined, enrolment counts and "is the caller
 * enrolled" are correlated subqueries, so there is no query per course. The hot learner paths are
 * prepared once per database handle.
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
  enrolledCount: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.courseId} = ${courses.id})`,
  enrolled: sql<boolean>`exists (select 1 from ${enrollments} where ${enrollments.courseId} = ${courses.id} and ${enrollments.userId} = ${callerId})`,
};

/** Everyone enrolled, for the owner and administrators (learners only ever see themselves). */
const allEnrolledColumn = {
  enrolledUsers: sql<
    string[]
  >`coalesce((select array_agg(${enrollments.userId}::text order by ${enrollments.createdAt}) from ${enrollments} where ${enrollments.courseId} = ${courses.id}), '{}')`,
};

export type Audience = 'learner' | 'staff';

const learnerSummarySelect = (db: Db) =>
  db.select(summaryColumns).from(courses).innerJoin(users, eq(users.id, courses.createdBy));
const staffSummarySelect = (db: Db) =>
  db
    .select({ ...summaryColumns, ...allEnrolledColumn })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy));

/** A result row; only the staff variant carries `enrolledUsers`. */
type SummaryRow = Awaited<ReturnType<typeof learnerSummarySelect>>[number] & { enrolledUsers?: string[] };

export function toSummary(row: SummaryRow, viewerId: string): CourseSummary {
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
    enrolled_users: row.enrolledUsers ?? (row.enrolled ? [viewerId] : []),
    enrolled_count: Number(row.enrolledCount),
    enrolled: Boolean(row.enrolled),
  };
}

function buildQueries(db: Db) {
  return {
    approved: learnerSummarySelect(db)
      .where(
        and(
          eq(courses.status, 'Approved'),
          eq(courses.isAvailable, true),
          sql`${courses.searchText} ilike ${sql.placeholder('pattern')}`,
        ),
      )
      .orderBy(desc(courses.updatedAt), asc(courses.id))
      .prepare('courses_approved_list'),
    learnerSummary: learnerSummarySelect(db)
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('courses_learner_summary'),
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

/** `%`, `_` and `\` in the user's text match themselves, not as LIKE wildcards. */
export const likePattern = (folded: string): string =>
  folded ? `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : '%';

export async function listApproved(db: Db, viewerId: string, pattern: string): Promise<CourseSummary[]> {
  const rows = await queries(db).approved.execute({ callerId: viewerId, pattern });
  return rows.map((row) => toSummary(row, viewerId));
}

export async function listAll(db: Db, viewerId: string): Promise<CourseSummary[]> {
  const rows = await staffSummarySelect(db)
    .orderBy(desc(courses.updatedAt), asc(courses.id))
    .execute({ callerId: viewerId });
  return rows.map((row) => toSummary(row, viewerId));
}

export async function listByContributor(
  db: Db,
  viewerId: string,
  contributorId: string,
): Promise<CourseSummary[]> {
  const rows = await staffSummarySelect(db)
    .where(and(eq(courses.createdBy, contributorId), ne(courses.status, 'Archived')))
    .orderBy(desc(courses.updatedAt), asc(courses.id))
    .execute({ callerId: viewerId });
  return rows.map((row) => toSummary(row, viewerId));
}

export async function findSummary(
  db: Db,
  viewerId: string,
  courseId: string,
  audience: Audience,
): Promise<CourseSummary | null> {
  const rows =
    audience === 'learner'
      ? await queries(db).learnerSummary.execute({ callerId: viewerId, courseId })
      : await staffSummarySelect(db).where(eq(courses.id, courseId)).execute({ callerId: viewerId });
  return rows[0] ? toSummary(rows[0], viewerId) : null;
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
