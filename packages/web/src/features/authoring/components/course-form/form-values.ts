import {
  DEFAULT_COURSE_LICENSE,
  type AuthoredResourceType,
  type Course,
  type CourseDraft,
  type QuizQuestion,
  type QuizQuestionDraft,
  type QuizQuestionInput,
  type ResourceDraft,
  type SectionDraft,
} from '@app/shared';

/**
 * The course form's values are the shared `CourseDraft` (decision 029): the form validates them with
 * `courseDraftSchema`, whose output is the `CourseInput` the API receives. Here: empty parts to add,
 * and a saved course or question turned back into draft values.
 */

export const emptyCourse = (): CourseDraft => ({
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  author: '',
  license: DEFAULT_COURSE_LICENSE,
  coursesection: [],
});

export const emptySection = (): SectionDraft => ({
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  resources: [],
});

export const emptyResource = (type: AuthoredResourceType = 'video'): ResourceDraft => ({
  type,
  title: '',
  title_tr: '',
  description: '',
  description_tr: '',
  link: '',
  file: '',
  quiz: [],
});

const blankOption = () => ({ name: '', name_tr: '' });

/** A new question: single choice, with the fields of every other type empty (decision 035). */
export const emptyQuestion = (): QuizQuestionDraft => ({
  type: 'single',
  question: '',
  question_tr: '',
  options: [blankOption(), blankOption()],
  correctanswer: '',
  correctanswers: [],
  scoring: 'all',
  truth: '',
  accepted: '',
  accepted_tr: '',
  explanation: '',
  explanation_tr: '',
});

const text = (value: string | null | undefined) => value ?? '';
const optionsToDraft = (options: { name: string; name_tr: string | null }[]) =>
  options.map((option) => ({ name: option.name, name_tr: text(option.name_tr) }));

/** A saved question (from the API, or just checked by the question modal) as draft values. */
export function questionToDraft(question: QuizQuestion | QuizQuestionInput): QuizQuestionDraft {
  const draft: QuizQuestionDraft = {
    ...emptyQuestion(),
    ...(question._id ? { _id: question._id } : {}),
    question: question.question,
    question_tr: text(question.question_tr),
    explanation: text(question.explanation),
    explanation_tr: text(question.explanation_tr),
  };
  switch (question.type) {
    case undefined:
    case 'single':
      return { ...draft, options: optionsToDraft(question.options), correctanswer: question.correctanswer };
    case 'multiple':
      return {
        ...draft,
        type: 'multiple',
        options: optionsToDraft(question.options),
        correctanswers: [...question.correctanswers],
        scoring: question.scoring,
      };
    case 'truefalse':
      return { ...draft, type: 'truefalse', truth: question.correctanswer };
    case 'short':
      return {
        ...draft,
        type: 'short',
        accepted: question.accepted.join('\n'),
        accepted_tr: question.accepted_tr.join('\n'),
      };
  }
}

/**
 * A saved course as form values. The English fields always hold the English text and the `_tr`
 * fields the Arabic, whatever language the author reads (the old app prefilled English fields with
 * Arabic and overwrote them on save).
 */
export function courseToFormValues(course: Course): CourseDraft {
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
          (resource): resource is typeof resource & { type: AuthoredResourceType } =>
            resource.type !== 'certificate',
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
          quiz: (resource.quiz ?? []).map(questionToDraft),
        })),
    })),
  };
}

/** Stable comparison of two sets of form values (autosave: "is there anything new to offer?"). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const NOT_TYPED = new Set(['type', '_id', 'id', 'scoring']);

/** Whether a part of the form holds anything the author typed (asks before deleting it). */
export function hasTypedContent(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(hasTypedContent);
  if (value && typeof value === 'object')
    return Object.entries(value).some(
      // Choices from selects and radios (a type, a scoring rule) are not typed content.
      ([key, inner]) => !NOT_TYPED.has(key) && hasTypedContent(inner),
    );
  return false;
}
