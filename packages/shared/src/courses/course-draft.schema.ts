import { z } from 'zod';
import { AUTHORED_RESOURCE_TYPES, MULTIPLE_SCORINGS, QUESTION_TYPES } from '../common/constants.ts';
import { courseInputSchema, courseLicenseSchema } from './course.schema.ts';
import { quizQuestionInputSchema } from './quiz.schema.ts';

/**
 * The course as the authoring form holds it while an author types (decision 029): every text is a
 * string (an empty translation is '', not null), and every resource keeps the fields of all three
 * types, so switching the type select does not throw away what was typed.
 *
 * The draft checks nothing itself: `courseDraftSchema` pipes it into the contract's
 * `courseInputSchema`, which checks it, keeps only the chosen type's fields, and normalises (empty
 * translation → null, YouTube link → embed URL), exactly as it does for a raw API body. Nothing here
 * may fail for values the form can hold: a failure at this stage would stop the pipe before the
 * input schema reports the author's real mistakes. The two enums come from selects that offer only
 * valid values.
 */

const quizOptionDraft = z.object({ name: z.string(), name_tr: z.string() });

/**
 * A question keeps the fields of every question type (decision 035), like a resource keeps those of
 * every resource type; only the chosen type's fields go on. A draft from before the types (no `type`)
 * is a single-choice question.
 */
const quizQuestionDraftFields = z.object({
  /** Kept from a saved question, so learners' scores stay attached to it. */
  _id: z.string().optional(),
  type: z.enum(QUESTION_TYPES).default('single'),
  question: z.string(),
  question_tr: z.string(),
  /** Single choice and multiple answers. */
  options: z.array(quizOptionDraft),
  /** Single choice: the name of the right option. */
  correctanswer: z.string(),
  /** Multiple answers. */
  correctanswers: z.array(z.string()).default([]),
  scoring: z.enum(MULTIPLE_SCORINGS).default('all'),
  /** True/false: 'true', 'false', or '' before the author chooses. */
  truth: z.string().default(''),
  /** Short answer: the accepted answers, one per line, in each language. */
  accepted: z.string().default(''),
  accepted_tr: z.string().default(''),
  explanation: z.string().default(''),
  explanation_tr: z.string().default(''),
});
const quizQuestionDraft = quizQuestionDraftFields.transform(questionDraftToInput);

const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Only the fields of the chosen type, shaped as the API body carries them. */
function questionDraftToInput(
  draft: z.output<typeof quizQuestionDraftFields>,
): z.input<typeof quizQuestionInputSchema> {
  const base = {
    ...(draft._id ? { _id: draft._id } : {}),
    question: draft.question,
    question_tr: draft.question_tr,
    explanation: draft.explanation,
    explanation_tr: draft.explanation_tr,
  };
  switch (draft.type) {
    case 'single':
      return { ...base, options: draft.options, correctanswer: draft.correctanswer };
    case 'multiple':
      return {
        ...base,
        type: 'multiple',
        options: draft.options,
        correctanswers: draft.correctanswers,
        scoring: draft.scoring,
      };
    case 'truefalse':
      return { ...base, type: 'truefalse', correctanswer: draft.truth };
    case 'short':
      return {
        ...base,
        type: 'short',
        accepted: lines(draft.accepted),
        accepted_tr: lines(draft.accepted_tr),
      };
  }
}

const resourceDraft = z.object({
  _id: z.string().optional(),
  type: z.enum(AUTHORED_RESOURCE_TYPES),
  title: z.string(),
  title_tr: z.string(),
  description: z.string(),
  description_tr: z.string(),
  /** Video: the link as pasted (watch page, share link…). */
  link: z.string(),
  /** PDF: the `secure_url` of the uploaded file. */
  file: z.string(),
  quiz: z.array(quizQuestionDraft),
});

const sectionDraft = z.object({
  _id: z.string().optional(),
  title: z.string(),
  title_tr: z.string(),
  description: z.string(),
  description_tr: z.string(),
  resources: z.array(resourceDraft),
});

const courseDraft = z.object({
  title: z.string(),
  title_tr: z.string(),
  description: z.string(),
  description_tr: z.string(),
  author: z.string(),
  license: courseLicenseSchema,
  coursesection: z.array(sectionDraft),
});

// zod's `pipe` wants the next schema's input type exactly; these identity steps let TypeScript check
// that a draft is one of the shapes the input schemas accept (a resource draft with all fields fits the
// union of the three resource types), without a cast.
const asInput = <Input>(draft: Input) => draft;

/** The course form's values → the `CourseInput` the API receives. */
export const courseDraftSchema = courseDraft
  .transform(asInput<z.input<typeof courseInputSchema>>)
  .pipe(courseInputSchema);
/** The quiz question modal's values → one `QuizQuestionInput`. */
export const quizQuestionDraftSchema = quizQuestionDraft
  .transform(asInput<z.input<typeof quizQuestionInputSchema>>)
  .pipe(quizQuestionInputSchema);

export type CourseDraft = z.input<typeof courseDraftSchema>;
export type SectionDraft = CourseDraft['coursesection'][number];
export type ResourceDraft = SectionDraft['resources'][number];
export type QuizQuestionDraft = z.input<typeof quizQuestionDraftSchema>;
