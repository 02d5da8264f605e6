import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { CourseLicense, ResourceType } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { courseSections, courses, resources } from '../../db/schema.ts';
import { courseAuthorOrcid } from '../../lib/orcid.ts';

/**
 * What anyone may read of a course without an account. The queries select ONLY the columns a public
 * page shows: never quiz questions or answers, file ids of PDFs, video links, enrolments or the
 * owner's e-mail, so no later template change can leak them. Only approved, available courses exist
 * here; everything else (drafts, pending, archived, rejected, hidden) is "not found".
 */

const isPublic = and(eq(courses.status, 'Approved'), eq(courses.isAvailable, true));

const cardColumns = {
  id: courses.id,
  title: courses.title,
  titleTr: courses.titleTr,
  description: courses.description,
  descriptionTr: courses.descriptionTr,
  author: courses.author,
  authorOrcid: courseAuthorOrcid,
  license: courses.license,
  previewFileId: courses.previewFileId,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

export interface PublicCourseCard {
  id: string;
  title: string;
  titleTr: string | null;
  description: string;
  descriptionTr: string | null;
  author: string;
  /** The contributor's ORCID iD, when they signed in with ORCID. */
  authorOrcid: string | null;
  license: CourseLicense;
  previewFileId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PublicLesson {
  type: ResourceType;
  title: string;
  titleTr: string | null;
}

export interface PublicSection {
  id: string;
  title: string;
  titleTr: string | null;
  description: string;
  descriptionTr: string | null;
  lessons: PublicLesson[];
}

export interface PublicCourse extends PublicCourseCard {
  sections: PublicSection[];
}

/** One page of the public catalogue, newest first (the same order as the learners' catalogue). */
export async function listPublicCourses(db: Db, limit: number, offset: number): Promise<PublicCourseCard[]> {
  return db
    .select(cardColumns)
    .from(courses)
    .where(isPublic)
    .orderBy(desc(courses.updatedAt), asc(courses.id))
    .limit(limit)
    .offset(offset);
}

export async function countPublicCourses(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(isPublic);
  return Number(row?.n ?? 0);
}

/** The course with its section and lesson titles, or null unless it is approved and available. */
export async function findPublicCourse(db: Db, courseId: string): Promise<PublicCourse | null> {
  const [course] = await db
    .select(cardColumns)
    .from(courses)
    .where(and(eq(courses.id, courseId), isPublic));
  if (!course) return null;
  const [sectionRows, lessonRows] = await Promise.all([
    db
      .select({
        id: courseSections.id,
        title: courseSections.title,
        titleTr: courseSections.titleTr,
        description: courseSections.description,
        descriptionTr: courseSections.descriptionTr,
      })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position)),
    db
      .select({
        sectionId: resources.sectionId,
        type: resources.type,
        title: resources.title,
        titleTr: resources.titleTr,
      })
      .from(resources)
      .where(eq(resources.courseId, courseId))
      .orderBy(asc(resources.position)),
  ]);
  return {
    ...course,
    sections: sectionRows.map((section) => ({
      ...section,
      lessons: lessonRows
        .filter((lesson) => lesson.sectionId === section.id)
        .map(({ type, title, titleTr }) => ({ type, title, titleTr })),
    })),
  };
}

export interface SitemapEntry {
  id: string;
  updatedAt: Date;
}

/** One sitemap file's courses, in a stable order (id) so pages do not shift as courses are edited. */
export async function sitemapEntries(db: Db, limit: number, offset: number): Promise<SitemapEntry[]> {
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(isPublic)
    .orderBy(asc(courses.id))
    .limit(limit)
    .offset(offset);
}
