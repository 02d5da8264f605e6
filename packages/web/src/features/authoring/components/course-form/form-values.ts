import {
  DEFAULT_COURSE_LICENSE,
  toYouTubeEmbedUrl,
  type CourseLicense,
  type Course,
  type CourseInput,
  type QuizQuestion,
  type QuizQuestionInput,
} from '@app/shared';

/**
 * What the course form edits. Every resource keeps all type-specific fields (link, file, quiz) so that
 * switching the type select does not throw away what was typed; the shared `courseInputSchema` keeps
 * only the fields of the chosen type when it parses (zod objects strip unknown keys).
 */
export type AuthoredType = 'video' | 'pdf' | 'quiz';

export interface QuizOptionValues {
  name: string;
  name_tr: string;
}

export interface QuizQuestionValues {
  _id?: string;
  question: string;
  question_tr: string;
  options: QuizOptionValues[];
  correctanswer: string;
}

export interface ResourceValues {
  _id?: string;
  type: AuthoredType;
  title: string;
  title_tr: string;
  description: string;
  description_tr: string;
  link: string;
  file: string;
  quiz: QuizQuestionValues[];
}

export interface SectionValues {
  _id?: string;
  title: string;
  title_tr: string;
  description: string;
  description_tr: string;
  resources: ResourceValues[];
}

export interface CourseFormValues {
  title: string;
  title_tr: string;
  description: string;
  description_tr: string;
  author: string;
  license: CourseLicense;
  coursesection: SectionValues[];
}

export const emptyCourse = (): CourseFormValues => ({
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  author: '',
  license: DEFAULT_COURSE_LICENSE,
  coursesection: [],
});

export const emptySection = (): SectionValues => ({
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  resources: [],
});

export const emptyResource = (type: AuthoredType = 'video'): ResourceValues => ({
  type,
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  link: '',
  file: '',
  quiz: [],
});

export const emptyQuestion = (): QuizQuestionValues => ({
  question: '',
  question_tr: '',
  options: [
    { name: '', name_tr: '' },
    { name: '', name_tr: '' },
  ],
  correctanswer: '',
});

const text = (value: string | null | undefined) => value ?? '';

const questionValues = (question: QuizQuestion): QuizQuestionValues => ({
  _id: question._id,
  question: question.question,
  question_tr: text(question.question_tr),
  options: question.options.map((option) => ({ name: option.name, name_tr: text(option.name_tr) })),
  correctanswer: question.correctanswer,
});

/**
 * A saved course as form values. The English fields always hold the English text and the `_tr`
 * fields the Arabic, whatever language the author reads (the old app prefilled English fields with
 * Arabic and overwrote them on save).
 */
export function courseToFormValues(course: Course): CourseFormValues {
  return {
    title: course.title,
    title_tr: text(course.title_tr),
    description: course.description,
    description_tr: text(course.description_tr),
    author: course.author,
    license: course.license,
    coursesection: course.course_section.map((section) => ({
      _id: section._id,
      title: section.title,
      title_tr: text(section.title_tr),
      description: section.description,
      description_tr: text(section.description_tr),
      resources: section.resources
        .filter(
          (resource): resource is typeof resource & { type: AuthoredType } => resource.type !== 'certificate',
        )
        .map((resource) => ({
          _id: resource._id,
          type: resource.type,
          title: resource.title,
          title_tr: text(resource.title_tr),
          description: resource.description,
          description_tr: text(resource.description_tr),
          link: text(resource.link),
          file: text(resource.file),
          quiz: (resource.quiz ?? []).map(questionValues),
        })),
    })),
  };
}

const orNull = (value: string | null | undefined) => (value && value.trim() ? value : null);

function questionPayload(question: QuizQuestionInput): QuizQuestionInput {
  return {
    ...question,
    question_tr: orNull(question.question_tr),
    options: question.options.map((option) => ({ ...option, name_tr: orNull(option.name_tr) })),
  };
}

/**
 * The validated form as the API's `body`: video links become the embed URL (authors paste watch and
 * share links), empty translations become null, and the `_id`s of existing parts travel back so the
 * server keeps them (learners' scores stay attached to their quizzes).
 */
export function toCoursePayload(parsed: CourseInput, status?: 'Draft' | 'Pending'): CourseInput {
  return {
    title: parsed.title,
    title_tr: orNull(parsed.title_tr),
    description: parsed.description,
    description_tr: orNull(parsed.description_tr),
    author: parsed.author,
    license: parsed.license,
    coursesection: parsed.coursesection.map((section) => ({
      ...section,
      title_tr: orNull(section.title_tr),
      description_tr: orNull(section.description_tr),
      resources: section.resources.map((resource) => {
        const common = {
          ...resource,
          title_tr: orNull(resource.title_tr),
          description_tr: orNull(resource.description_tr),
        };
        if (common.type === 'video')
          return { ...common, link: toYouTubeEmbedUrl(common.link) ?? common.link };
        if (common.type === 'quiz') return { ...common, quiz: common.quiz.map(questionPayload) };
        return common;
      }),
    })),
    ...(status ? { status } : {}),
  };
}

/** Stable comparison of two sets of form values (autosave: "is there anything new to offer?"). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether a part of the form holds anything the author typed (asks before deleting it). */
export function hasTypedContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasTypedContent);
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      ([key, inner]) => key !== 'type' && key !== '_id' && key !== 'id' && hasTypedContent(inner),
    );
  return false;
}
