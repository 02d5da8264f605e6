import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@app/shared';
import { scoreQuestion } from './quiz-scoring.ts';

const base = { _id: 'q', question: 'Q', question_tr: null, options: [] };
const options = ['A', 'B', 'C', 'D'].map((name) => ({ name, name_tr: null }));
const multiple = (scoring: 'all' | 'partial', correctanswers = ['A', 'B']): QuizQuestion => ({
  ...base,
  type: 'multiple',
  options,
  correctanswers,
  scoring,
});

describe('scoreQuestion (decision 035)', () => {
  it('single choice and true/false: exactly the key, text only', () => {
    const single: QuizQuestion = { ...base, options, correctanswer: 'A' };
    expect(scoreQuestion(single, 'A')).toBe(1);
    expect(scoreQuestion(single, 'a')).toBe(0);
    expect(scoreQuestion(single, ['A'])).toBe(0);
    expect(scoreQuestion(single, undefined)).toBe(0);
    const truth: QuizQuestion = { ...base, type: 'truefalse', correctanswer: 'false' };
    expect(scoreQuestion(truth, 'false')).toBe(1);
    expect(scoreQuestion(truth, 'true')).toBe(0);
  });

  it('multiple answers, all or nothing', () => {
    expect(scoreQuestion(multiple('all'), ['B', 'A'])).toBe(1);
    expect(scoreQuestion(multiple('all'), ['A'])).toBe(0);
    expect(scoreQuestion(multiple('all'), ['A', 'B', 'C'])).toBe(0);
  });

  it('multiple answers, partial credit: (right − wrong) ÷ correct, floored at 0', () => {
    expect(scoreQuestion(multiple('partial'), ['A'])).toBe(0.5);
    expect(scoreQuestion(multiple('partial'), ['A', 'B'])).toBe(1);
    expect(scoreQuestion(multiple('partial'), ['A', 'C'])).toBe(0);
    expect(scoreQuestion(multiple('partial'), ['A', 'B', 'C', 'D'])).toBe(0);
    expect(scoreQuestion(multiple('partial'), ['C', 'D'])).toBe(0);
    expect(scoreQuestion(multiple('partial', ['A', 'B', 'C']), ['A', 'B', 'D'])).toBeCloseTo(1 / 3);
    // A name given twice counts once; text is read as one name.
    expect(scoreQuestion(multiple('partial'), ['A', 'A'])).toBe(0.5);
    expect(scoreQuestion(multiple('partial'), 'A')).toBe(0.5);
  });

  it('short answers: any accepted answer of either language, after normalisation', () => {
    const short: QuizQuestion = { ...base, type: 'short', accepted: ['Ahmed', '12'], accepted_tr: ['أحمد'] };
    for (const typed of ['ahmed', '  AHMED ', 'احمد', 'أَحْمَد', 'أحـــمد', '١٢', '۱۲'])
      expect(scoreQuestion(short, typed), typed).toBe(1);
    for (const typed of ['', '   ', 'Ahmad', '13']) expect(scoreQuestion(short, typed), typed).toBe(0);
    expect(scoreQuestion(short, ['Ahmed'])).toBe(0);
  });
});
