import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import type { CourseStatus } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import {
  courseEvents,
  courseSections,
  courses,
  enrollments,
  files,
  resources,
  users,
} from '../../db/schema.ts';

/**
 * Course SQL (with `course-lists.repository.ts` and `course-sections.repository.ts`; nothing else in
 * the server queries the course tables). Rows come back as rows: turning them into the contract's
 * shapes is `course-views.service.ts`'s job. Every list is ONE paged query (plus its count): the author is joined, the enrolment
 * count is the stored `enrolled_count` (decision 018) and "is the caller enrolled" is one primary-key
 * probe per row, so no read grows with the number of learners. The hot learner paths are prepared
 * once per database handle.
 */

const callerId = sql.placeholder('callerId');

export const summaryColumns = {
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
  contentVersion: courses.contentVersion,
  /** Read with every summary, given out by `staffSummary` only (decision 206). */
  reviewNote: courses.reviewNote,
  reviewNoteAt: courses.reviewNoteAt,
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

function buildQueries(db: Db) {
  return {
    summary: withCallerSelect(db)
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('courses_summary'),
    sharedSummary: summarySelect(db)
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('courses_shared_summary'),
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
    access: db
      .select({
        status: courses.status,
        isAvailable: courses.isAvailable,
        createdBy: courses.createdBy,
        enrolled: sql<boolean>`${enrollments.userId} is not null`,
      })
      .from(courses)
      .leftJoin(
        enrollments,
        and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql.placeholder('userId'))),
      )
      .where(eq(courses.id, sql.placeholder('courseId')))
      .prepare('courses_access'),
  };
}

const queries = preparedFor(buildQueries);

/** One course's summary row with the caller's `enrolled` flag (null when there is no such course). */
export async function findSummaryRow(db: Db, viewerId: string, courseId: string) {
  const [row] = await queries(db).summary.execute({ callerId: viewerId, courseId });
  return row ? { ...row, enrolled: Boolean(row.enrolled) } : null;
}

/** One course's summary row without anything of a caller (it is cached for every caller). */
export async function findSharedSummaryRow(db: Db, courseId: string): Promise<SummaryRow | null> {
  const [row] = await queries(db).sharedSummary.execute({ courseId });
  return row ?? null;
}

/** A course's section rows and resource rows, each in order (answers included). */
export async function findTreeRows(db: Db, courseId: string) {
  const [sections, resourceRows] = await Promise.all([
    queries(db).sections.execute({ courseId }),
    queries(db).resources.execute({ courseId }),
  ]);
  return { sections, resources: resourceRows };
}

export type SectionRecord = typeof courseSections.$inferSelect;
export type ResourceRecord = typeof resources.$inferSelect;

/** What the course-access policy decides on: the course's state and whether the user is enrolled. */
export async function findAccessFacts(db: Db, userId: string, courseId: string) {
  const [row] = await queries(db).access.execute({ userId, courseId });
  return row ? { ...row, enrolled: Boolean(row.enrolled) } : null;
}

export interface CourseState {
  id: string;
  createdBy: string;
  status: CourseStatus;
  isAvailable: boolean;
  enableEditing: boolean;
  previewFileId: string | null;
  contentVersion: number;
}

const stateColumns = {
  id: courses.id,
  createdBy: courses.createdBy,
  status: courses.status,
  isAvailable: courses.isAvailable,
  enableEditing: courses.enableEditing,
  previewFileId: courses.previewFileId,
  contentVersion: courses.contentVersion,
};

export async function findCourseState(db: Db, courseId: string): Promise<CourseState | null> {
  const [row] = await db.select(stateColumns).from(courses).where(eq(courses.id, courseId));
  return row ?? null;
}

/**
 * The course row locked until the transaction ends, so concurrent actions apply one after another.
 * `for no key update`, as an update of its columns locks it (nothing changes its id): it does not
 * hold back the `for key share` of the foreign key checks of rows pointing at the course, so a
 * learner's attempt or completion never waits for an edit here, and never holds what the edit will
 * need while it waits (decision 113: `for update` deadlocked them).
 */
export async function lockCourseState(tx: Tx, courseId: string): Promise<CourseState | null> {
  const [row] = await tx
    .select(stateColumns)
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('no key update');
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
  // The time of the insert, not `now()` (the transaction's start): a course's events are written
  // under its row lock, so they then follow the order the changes took effect in. Transactions that
  // began before waiting for that lock were stamped earlier than changes they came after, and the
  // newest "Archived" event (un-archive's way back) could be the wrong one.
  await tx.insert(courseEvents).values({ ...event, createdAt: sql`clock_timestamp()` });
}

/** The `courses` columns an insert sets (content from `courseContentColumns`, plus state and owner). */
export type NewCourse = typeof courses.$inferInsert;

/**
 * Inserts a course; null when its author already has a course of its `creationKey` (decision 153): a
 * transaction with that key still open is waited for, and only its commit makes this one null.
 */
export async function insertCourse(tx: Tx, values: NewCourse): Promise<string | null> {
  const [row] = await tx
    .insert(courses)
    .values(values)
    .onConflictDoNothing({
      target: [courses.createdBy, courses.creationKey],
      where: sql`${courses.creationKey} is not null`,
    })
    .returning({ id: courses.id });
  return row?.id ?? null;
}

/** The course its author created with this `Idempotency-Key` (decision 153), if any. */
export async function courseIdByCreationKey(db: Db, authorId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.createdBy, authorId), eq(courses.creationKey, key)));
  return row?.id ?? null;
}

/** Sets some columns of one course (a value, or SQL such as the database's `now()`) and stamps `updatedAt`. */
export async function updateCourseRow(
  tx: Tx,
  courseId: string,
  values: { [K in keyof NewCourse]?: NewCourse[K] | SQL },
): Promise<void> {
  await tx
    .update(courses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId));
}

/** A replaced cover is removed unless something else still points at it. */
export async function deleteFileIfUnreferenced(tx: Tx, fileId: string): Promise<void> {
  await tx.delete(files).where(
    sql`${files.id} = ${fileId}
        and not exists (select 1 from ${courses} where ${courses.previewFileId} = ${fileId})
        and not exists (select 1 from ${resources} where ${resources.fileId} = ${fileId})`,
  );
}

/**
 * What a mail to a course's owner needs (decision 206): their address, name, language and whether the
 * address is confirmed, and the course's titles.
 */
export async function findOwnerForMail(tx: Tx, courseId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      firstname: users.firstname,
      preferredLanguage: users.preferredLanguage,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      isActive: users.isActive,
      title: courses.title,
      titleTr: courses.titleTr,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.createdBy))
    .where(eq(courses.id, courseId));
  return row ? { ...row, verified: Boolean(row.verified) } : null;
}
