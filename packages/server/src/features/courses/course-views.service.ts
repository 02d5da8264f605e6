import { z } from 'zod';
import {
  courseSummarySchema,
  learnerSectionSchema,
  ROLE_AR,
  STATUS_AR,
  type Course,
  type CourseSummary,
  type LearnerSection,
  type Section,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { fileUrl } from '../files/files.service.ts';
import {
  findSummaryRow,
  findTreeRows,
  type ResourceRecord,
  type SectionRecord,
  type SummaryRow,
} from './courses.repository.ts';

/**
 * Course rows turned into the contract's shapes (`CourseSummary`, `Section`, the learner's view
 * without answers). Who may see which view is decided by `course-access.service.ts`, not here.
 */

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

/**
 * A summary as the course's owner and the administrators read it: with the reviewer's note while there
 * is one (decision 206). The staff lists and the edit form's course only: never the catalogue, the
 * learner's views or the public pages, which use `toSummary`.
 */
export function staffSummary(row: SummaryRow, viewerId: string, enrolled: boolean): CourseSummary {
  const summary = toSummary(row, viewerId, enrolled);
  return row.reviewNote !== null && row.reviewNoteAt !== null
    ? { ...summary, review_note: { reason: row.reviewNote, at: row.reviewNoteAt.toISOString() } }
    : summary;
}

/** The summary fields that are the same for every caller (the cacheable part). */
const sharedSummarySchema = courseSummarySchema.omit({
  enrolled_users: true,
  enrolled: true,
  progress: true,
});
const learnerSectionsSchema = z.array(learnerSectionSchema);

/**
 * A summary as cacheable JSON text (decision 036): encoded with the contract's schema, as the route's
 * serializer would, but without the caller's fields and without its closing brace, so that
 * `closeSummaryJson` finishes it per request with string joins instead of a schema pass per row.
 */
export function summaryJsonHead(row: SummaryRow): string {
  return JSON.stringify(z.encode(sharedSummarySchema, toSummary(row, '', false))).slice(0, -1);
}

/** A cached summary head finished with the caller's fields (`more`: further `,"key":value` pairs). */
export function closeSummaryJson(head: string, viewerId: string, enrolled: boolean, more = ''): string {
  const users = enrolled ? JSON.stringify([viewerId]) : '[]';
  return `${head},"enrolled_users":${users},"enrolled":${enrolled}${more}}`;
}

/** The learner's sections (no answers) as JSON text, encoded with the contract's schema. */
export function learnerSectionsJson(sections: Section[]): string {
  return JSON.stringify(z.encode(learnerSectionsSchema, withoutAnswers(sections)));
}

/** Sections with their resources in order, answers included. */
export function toSections(sectionRows: SectionRecord[], resourceRows: ResourceRecord[]): Section[] {
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

/** What a learner may see of the sections: everything except the quiz keys and explanations. */
export function withoutAnswers(sections: Section[]): LearnerSection[] {
  return sections.map((section) => ({
    ...section,
    resources: section.resources.map((resource) => ({
      ...resource,
      quiz:
        resource.quiz?.map((question) => ({
          _id: question._id,
          // Single choice stays without `type`, as before the question types (decision 035).
          ...(question.type && question.type !== 'single' ? { type: question.type } : {}),
          question: question.question,
          question_tr: question.question_tr,
          options: question.options.map((option) => ({ name: option.name, name_tr: option.name_tr })),
        })) ?? null,
    })),
  }));
}

/** The full course (answers and the reviewer's note included) as its owner or an administrator sees it; null if none. */
export async function fullCourse(db: Db, viewerId: string, courseId: string): Promise<Course | null> {
  const [row, tree] = await Promise.all([findSummaryRow(db, viewerId, courseId), findTreeRows(db, courseId)]);
  if (!row) return null;
  return {
    ...staffSummary(row, viewerId, row.enrolled),
    course_section: toSections(tree.sections, tree.resources),
    version: row.contentVersion,
  };
}
