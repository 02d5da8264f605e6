import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  foldForSearch,
  type CourseInput,
  type QuizQuestion,
  type QuizQuestionInput,
  type ResourceType,
} from '@app/shared';
import type { Tx } from '../../db/client.ts';
import { BodyValidationError } from '../../lib/errors.ts';
import { fileIdFromUrl, filesForCourse } from '../files/files.service.ts';

/**
 * Sections, resources and quiz questions of a course as the author sent them, turned into rows:
 * PDF URLs become file ids, every question gets an id (empty translations are already null and video
 * links already embed URLs: the shared `courseInputSchema` normalised them, decision 029). Writing keeps
 * the ids of everything that still exists (architecture §5), so learners' scores stay with their quiz.
 */

export interface ResourceRow {
  /** The id the author sent back; kept only if it already belongs to this course. */
  givenId?: string;
  type: ResourceType;
  title: string;
  titleTr: string | null;
  description: string;
  descriptionTr: string | null;
  link: string | null;
  fileId: string | null;
  quiz: QuizQuestion[] | null;
}

export interface SectionRow {
  givenId?: string;
  title: string;
  titleTr: string | null;
  description: string;
  descriptionTr: string | null;
  resources: ResourceRow[];
}

/**
 * The folded text `?q=` searches: titles and descriptions in both languages and the author (the name
 * on the course's card). Migration 0005 wrote it so for the courses stored before the author was in it.
 */
export function searchTextOf(
  input: Pick<CourseInput, 'title' | 'title_tr' | 'description' | 'description_tr' | 'author'>,
): string {
  return foldForSearch(
    [input.title, input.title_tr, input.description, input.description_tr, input.author]
      .filter(Boolean)
      .join(' '),
  );
}

/** The `courses` columns an author's input sets (on create and on edit), search text included. */
export function courseContentColumns(input: CourseInput) {
  return {
    title: input.title,
    titleTr: input.title_tr,
    description: input.description,
    descriptionTr: input.description_tr,
    author: input.author,
    license: input.license,
    searchText: searchTextOf(input),
  };
}

type Issue = z.core.$ZodIssue;
const issue = (path: (string | number)[], message: string): Issue => ({
  code: 'custom',
  path,
  message,
  input: undefined,
});

/** Whose files a course being saved may point at, and the course when it exists already (decision 205). */
export interface FileUsers {
  /** The course's owner, and the editor when another (an administrator). */
  ownerIds: string[];
  courseId: string | null;
}

/**
 * Builds the rows and checks what the schema cannot: each PDF must be a file uploaded through
 * POST /files that really is a PDF (`pdf_file_required`) and one the course may use (`file_not_yours`:
 * another author's upload, whatever it is), and question ids must not repeat within a quiz. Both
 * file checks are one statement (`filesForCourse`), none without a PDF. Errors are reported per field
 * under `coursesection…`.
 */
export async function resolveSections(tx: Tx, input: CourseInput, users: FileUsers): Promise<SectionRow[]> {
  const issues: Issue[] = [];
  const pdfRefs: { fileId: string; path: (string | number)[] }[] = [];

  const sections = input.coursesection.map((section, s): SectionRow => ({
    givenId: section._id,
    title: section.title,
    titleTr: section.title_tr,
    description: section.description,
    descriptionTr: section.description_tr,
    resources: section.resources.map((resource, r): ResourceRow => {
      const path = ['coursesection', s, 'resources', r];
      const row: ResourceRow = {
        givenId: resource._id,
        type: resource.type,
        title: resource.title,
        titleTr: resource.title_tr,
        description: resource.description,
        descriptionTr: resource.description_tr,
        link: null,
        fileId: null,
        quiz: null,
      };
      if (resource.type === 'video') {
        row.link = resource.link;
      } else if (resource.type === 'pdf') {
        const fileId = fileIdFromUrl(resource.file);
        if (fileId) pdfRefs.push({ fileId, path: [...path, 'file'] });
        else issues.push(issue([...path, 'file'], 'pdf_file_required'));
        row.fileId = fileId;
      } else {
        row.quiz = questionsWithIds(resource.quiz, [...path, 'quiz'], issues);
      }
      return row;
    }),
  }));

  const files = await filesForCourse(
    tx,
    [...new Set(pdfRefs.map((ref) => ref.fileId))],
    users.ownerIds,
    users.courseId,
  );
  const notYours: Issue[] = [];
  for (const ref of pdfRefs) {
    const file = files.get(ref.fileId);
    if (file?.contentType !== 'application/pdf') issues.push(issue(ref.path, 'pdf_file_required'));
    else if (!file.usable) notYours.push(issue(ref.path, 'file_not_yours'));
  }

  // Whose a file is comes only once nothing else is wrong: the answers decision 205 gave, kept.
  const refused = issues.length > 0 ? issues : notYours;
  if (refused.length > 0) throw new BodyValidationError(refused);
  return sections;
}

function questionsWithIds(
  questions: QuizQuestionInput[],
  path: (string | number)[],
  issues: Issue[],
): QuizQuestion[] {
  const seen = new Set<string>();
  return questions.map((question, q) => {
    const id = question._id ?? randomUUID();
    if (seen.has(id)) issues.push(issue([...path, q, '_id'], 'invalid'));
    seen.add(id);
    return storedQuestion(id, question);
  });
}

/**
 * A checked question as it is stored and shown to its author (decision 035): only its type's fields,
 * and no `type` nor explanation keys when they say nothing, so a single-choice question keeps the
 * exact shape it had before the question types.
 */
function storedQuestion(id: string, input: QuizQuestionInput): QuizQuestion {
  const base = {
    _id: id,
    question: input.question,
    question_tr: input.question_tr,
    ...(input.explanation ? { explanation: input.explanation } : {}),
    ...(input.explanation_tr ? { explanation_tr: input.explanation_tr } : {}),
  };
  switch (input.type) {
    case undefined:
    case 'single':
      return { ...base, options: input.options, correctanswer: input.correctanswer };
    case 'multiple':
      return {
        ...base,
        type: 'multiple',
        options: input.options,
        correctanswers: input.correctanswers,
        scoring: input.scoring,
      };
    case 'truefalse':
      return { ...base, type: 'truefalse', options: [], correctanswer: input.correctanswer };
    case 'short':
      return {
        ...base,
        type: 'short',
        options: [],
        accepted: input.accepted,
        accepted_tr: input.accepted_tr,
      };
  }
}
