import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LearnerQuizQuestion } from '@app/shared';
import { forgetQuizInProgress, keepQuizInProgress, readQuizInProgress } from './quiz-in-progress.ts';

const questions: LearnerQuizQuestion[] = [
  {
    _id: 'single',
    question: 'Which licence?',
    question_tr: null,
    options: [
      { name: 'CC BY', name_tr: null },
      { name: 'All rights reserved', name_tr: null },
    ],
  },
  {
    _id: 'multiple',
    type: 'multiple',
    question: 'Which are open?',
    question_tr: null,
    options: [
      { name: 'CC0', name_tr: null },
      { name: 'CC BY-SA', name_tr: null },
      { name: 'Proprietary', name_tr: null },
    ],
  },
  { _id: 'truefalse', type: 'truefalse', question: 'Data can be open.', question_tr: null, options: [] },
  { _id: 'short', type: 'short', question: 'Where do students learn?', question_tr: null, options: [] },
];

const store = (userId: string, quizId: string, value: unknown) =>
  sessionStorage.setItem(`quiz-in-progress:${userId}:${quizId}`, JSON.stringify(value));

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a quiz in progress', () => {
  it('is read back as kept: answers of every type and the question the learner was on', () => {
    const progress = {
      index: 3,
      answers: { single: 'CC BY', multiple: ['CC BY-SA', 'CC0'], truefalse: 'false', short: 'scho' },
    };
    keepQuizInProgress('u1', 'quiz', progress);
    expect(readQuizInProgress('u1', 'quiz', questions)).toEqual({
      index: 3,
      answers: { ...progress.answers, multiple: ['CC0', 'CC BY-SA'] }, // in the options' order
    });
  });

  it('is kept per account and per quiz, and forgotten after a submitted attempt', () => {
    keepQuizInProgress('u1', 'quiz', { index: 1, answers: { single: 'CC BY' } });
    expect(readQuizInProgress('u2', 'quiz', questions)).toBeNull();
    expect(readQuizInProgress('u1', 'other quiz', questions)).toBeNull();
    forgetQuizInProgress('u1', 'quiz');
    expect(readQuizInProgress('u1', 'quiz', questions)).toBeNull();
  });

  it('with nothing answered, keeps nothing and drops what was kept (ReTake)', () => {
    keepQuizInProgress('u1', 'quiz', { index: 1, answers: { single: 'CC BY' } });
    keepQuizInProgress('u1', 'quiz', { index: 0, answers: {} });
    expect(sessionStorage.length).toBe(0);
    keepQuizInProgress('u1', 'quiz', { index: 0, answers: { short: '   ' } });
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps only what still fits a quiz edited since: its questions, choices it offers, the right shapes', () => {
    store('u1', 'quiz', {
      index: 3,
      answers: {
        gone: 'CC BY', // a question removed since
        single: 'Public domain', // an option renamed since
        multiple: ['CC0', 'Removed option'],
        truefalse: ['true'], // the question changed type
        short: 'x'.repeat(301), // longer than any answer the box takes
      },
    });
    // Question 1 lost its answer, so the learner is back there (Next would have stopped there).
    expect(readQuizInProgress('u1', 'quiz', questions)).toEqual({ index: 0, answers: { multiple: ['CC0'] } });
  });

  it('stops at the first question left unanswered and never past the last', () => {
    store('u1', 'quiz', { index: 3, answers: { single: 'CC BY', truefalse: 'true' } });
    expect(readQuizInProgress('u1', 'quiz', questions)?.index).toBe(1);
    store('u1', 'quiz', { index: 9, answers: { single: 'CC BY', multiple: ['CC0'], truefalse: 'true' } });
    expect(readQuizInProgress('u1', 'quiz', questions)?.index).toBe(3);
    store('u1', 'quiz', { index: 'two', answers: { single: 'CC BY' } });
    expect(readQuizInProgress('u1', 'quiz', questions)?.index).toBe(0);
  });

  it('ignores what is not its own shape, and a storage that refuses', () => {
    sessionStorage.setItem('quiz-in-progress:u1:quiz', '{not json');
    expect(readQuizInProgress('u1', 'quiz', questions)).toBeNull();
    store('u1', 'quiz', ['CC BY']);
    expect(readQuizInProgress('u1', 'quiz', questions)).toBeNull();
    store('u1', 'quiz', null);
    expect(readQuizInProgress('u1', 'quiz', questions)).toBeNull();

    const refused = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refused);
    expect(readQuizInProgress('u1', 'quiz', questions)).toBeNull();
    expect(() => keepQuizInProgress('u1', 'quiz', { index: 0, answers: { single: 'CC BY' } })).not.toThrow();
    expect(() => forgetQuizInProgress('u1', 'quiz')).not.toThrow();
  });
});
