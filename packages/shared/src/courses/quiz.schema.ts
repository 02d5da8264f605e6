import { z } from 'zod';
import { LIMITS, MULTIPLE_SCORINGS, QUESTION_TYPES, TRUE_FALSE } from '../common/constants.ts';
import { noNul, optionalId, text, translation } from './fields.ts';

/**
 * Quiz questions (decision 035). Four types; a question without `type` is single choice, so the
 * quizzes and payloads of the spec's API keep their exact shape:
 * - `single`: radio options, `correctanswer` is the name of one option (the original type);
 * - `multiple`: checkboxes, `correctanswers` names one or more options, `scoring` is `all`
 *   (all-or-nothing) or `partial` (see `scoreQuestion` on the server for the formula);
 * - `truefalse`: `correctanswer` is 'true' or 'false'; the reader's language labels the two choices;
 * - `short`: typed text, right when it matches one of `accepted` / `accepted_tr` after
 *   `normaliseAnswer` (case, spaces, Arabic letter forms, tashkeel, tatweel, digits).
 * Every type may carry an `explanation` (both languages), shown only with the result of an attempt.
 */

// ---------- what authors send ----------

export const quizOptionInputSchema = z.object({
  name: text(LIMITS.optionMax),
  name_tr: translation(LIMITS.optionMax),
});

const questionBase = {
  _id: optionalId,
  question: text(LIMITS.questionMax),
  question_tr: translation(LIMITS.questionMax),
  // Optional, not just nullable: bodies (and typed fixtures) from before decision 035 have no key.
  explanation: translation(LIMITS.explanationMax).optional(),
  explanation_tr: translation(LIMITS.explanationMax).optional(),
};
const choiceOptions = z.array(quizOptionInputSchema).min(LIMITS.quizOptionsMin).max(LIMITS.quizOptionsMax);
const acceptedList = z.array(text(LIMITS.optionMax)).max(LIMITS.acceptedAnswersMax);

export const quizQuestionInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        ...questionBase,
        type: z.literal('single').optional(),
        options: choiceOptions,
        correctanswer: text(LIMITS.optionMax),
      }),
      z.object({
        ...questionBase,
        type: z.literal('multiple'),
        options: choiceOptions,
        correctanswers: z
          .array(text(LIMITS.optionMax))
          .min(1, { message: 'required' })
          .max(LIMITS.quizOptionsMax),
        scoring: z.enum(MULTIPLE_SCORINGS).default('all'),
      }),
      z.object({
        ...questionBase,
        type: z.literal('truefalse'),
        // A string first, so the form's draft ('' before a choice) is a valid input type.
        correctanswer: z.string().pipe(z.enum(TRUE_FALSE, { message: 'required' })),
      }),
      z.object({
        ...questionBase,
        type: z.literal('short'),
        accepted: acceptedList.min(1, { message: 'required' }),
        accepted_tr: acceptedList.default([]),
      }),
    ],
    { message: 'invalid_option' },
  )
  .superRefine((question, ctx) => {
    if (question.type === 'truefalse' || question.type === 'short') return;
    const names = question.options.map((option) => option.name);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', message: 'duplicate_option', path: ['options'] });
    if (question.type === 'multiple') {
      if (new Set(question.correctanswers).size !== question.correctanswers.length)
        ctx.addIssue({ code: 'custom', message: 'duplicate_option', path: ['correctanswers'] });
      if (question.correctanswers.some((answer) => !names.includes(answer)))
        ctx.addIssue({ code: 'custom', message: 'correct_answer_not_option', path: ['correctanswers'] });
    } else if (!names.includes(question.correctanswer))
      ctx.addIssue({ code: 'custom', message: 'correct_answer_not_option', path: ['correctanswer'] });
  });
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

// ---------- what the API returns ----------

export const quizOptionSchema = z.object({ name: z.string(), name_tr: z.string().nullable() });

/**
 * A stored question as its author sees it. `options` is on every type (empty for true/false and
 * short answer) so clients that only know single choice still get an array. `type` and the
 * explanations are absent when they have nothing to say, which keeps old questions byte-for-byte.
 */
const storedBase = {
  _id: z.string(),
  question: z.string(),
  question_tr: z.string().nullable(),
  options: z.array(quizOptionSchema),
  explanation: z.string().optional(),
  explanation_tr: z.string().optional(),
};
export const quizQuestionSchema = z.discriminatedUnion('type', [
  z.object({ ...storedBase, type: z.literal('single').optional(), correctanswer: z.string() }),
  z.object({
    ...storedBase,
    type: z.literal('multiple'),
    correctanswers: z.array(z.string()),
    scoring: z.enum(MULTIPLE_SCORINGS),
  }),
  z.object({ ...storedBase, type: z.literal('truefalse'), correctanswer: z.enum(TRUE_FALSE) }),
  z.object({
    ...storedBase,
    type: z.literal('short'),
    accepted: z.array(z.string()),
    accepted_tr: z.array(z.string()),
  }),
]);
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** What a learner receives: the question and its choices, never the key nor the explanation. */
export const learnerQuizQuestionSchema = z.object({
  _id: z.string(),
  type: z.enum(QUESTION_TYPES).optional(),
  question: z.string(),
  question_tr: z.string().nullable(),
  options: z.array(quizOptionSchema),
});
export type LearnerQuizQuestion = z.infer<typeof learnerQuizQuestionSchema>;

// ---------- taking a quiz ----------

const answerText = z.string().max(LIMITS.optionMax).refine(noNul, { message: 'invalid' });
/** One answer: text for single choice, true/false ('true'/'false') and short answer; names for multiple. */
export const quizAnswerSchema = z.object({
  _id: z.string().min(1).max(100).refine(noNul, { message: 'invalid' }),
  answer: z.union([answerText, z.array(answerText).max(LIMITS.quizOptionsMax)]),
});
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/**
 * The result of one question, returned with the score of an attempt: whether it was right, the share
 * of its mark earned (0..1; between the two only for partial credit), what the learner answered, and
 * the explanation. The correct answers themselves are not sent (decision 035).
 */
export const quizFeedbackSchema = z.object({
  _id: z.string(),
  correct: z.boolean(),
  credit: z.number(),
  answer: z.union([z.string(), z.array(z.string())]),
  explanation: z.string().nullable(),
  explanation_tr: z.string().nullable(),
});
export type QuizFeedback = z.infer<typeof quizFeedbackSchema>;
