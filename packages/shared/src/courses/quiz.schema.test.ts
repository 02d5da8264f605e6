import { describe, expect, it } from 'vitest';
import { exerciseScoreBodySchema, learnerQuizQuestionSchema, quizQuestionInputSchema } from '../index.ts';

const options = [
  { name: 'A', name_tr: null },
  { name: 'B', name_tr: null },
];

describe('quizQuestionInputSchema (decision 035)', () => {
  it('reads a question without type as single choice, unchanged', () => {
    const parsed = quizQuestionInputSchema.parse({ question: 'Q', options, correctanswer: 'A' });
    expect(parsed).toEqual({ question: 'Q', question_tr: null, options, correctanswer: 'A' });
    expect('type' in parsed).toBe(false);
  });

  it('refuses an unknown type and a short answer without accepted answers', () => {
    expect(quizQuestionInputSchema.safeParse({ type: 'essay', question: 'Q' }).success).toBe(false);
    expect(quizQuestionInputSchema.safeParse({ type: 'short', question: 'Q', accepted: [] }).success).toBe(
      false,
    );
    expect(
      quizQuestionInputSchema.parse({ type: 'short', question: 'Q', accepted: ['Paris'] }),
    ).toMatchObject({ accepted: ['Paris'], accepted_tr: [] });
  });

  it('refuses a true/false key other than true or false', () => {
    const tf = { type: 'truefalse', question: 'Q' };
    expect(quizQuestionInputSchema.safeParse({ ...tf, correctanswer: 'yes' }).success).toBe(false);
    expect(quizQuestionInputSchema.parse({ ...tf, correctanswer: 'true' })).toMatchObject(tf);
  });
});

describe('learner schemas', () => {
  it('strip every key and the explanations from a question', () => {
    const learner = learnerQuizQuestionSchema.parse({
      _id: 'q',
      type: 'multiple',
      question: 'Q',
      question_tr: null,
      options,
      correctanswers: ['A'],
      scoring: 'partial',
      accepted: ['x'],
      accepted_tr: ['y'],
      correctanswer: 'A',
      explanation: 'E',
      explanation_tr: 'ش',
    });
    expect(learner).toEqual({ _id: 'q', type: 'multiple', question: 'Q', question_tr: null, options });
  });

  it('take a list of names for multiple answers and text for the others', () => {
    const resourceId = '11111111-1111-4111-8111-111111111111';
    const body = {
      resourceId,
      quizAnswers: [
        { _id: 'a', answer: 'A' },
        { _id: 'b', answer: ['A', 'B'] },
      ],
    };
    expect(exerciseScoreBodySchema.parse(body)).toEqual(body);
    const tooMany = { resourceId, quizAnswers: [{ _id: 'a', answer: ['1', '2', '3', '4', '5'] }] };
    expect(exerciseScoreBodySchema.safeParse(tooMany).success).toBe(false);
  });
});
