import { describe, expect, it } from 'vitest';
import { questionExcerpt } from './question-draft.ts';

describe('questionExcerpt', () => {
  it("is the reader's language's text where the question has it, else the other", () => {
    const both = { question: 'What is open data?', question_tr: 'ما البيانات المفتوحة؟' };
    expect(questionExcerpt(both, 'ar')).toEqual({ text: 'ما البيانات المفتوحة؟', lang: 'ar' });
    expect(questionExcerpt(both, 'en')).toEqual({ text: 'What is open data?', lang: 'en' });
    expect(questionExcerpt({ question: 'Only English', question_tr: '' }, 'ar')).toEqual({
      text: 'Only English',
      lang: 'en',
    });
    expect(questionExcerpt({ question: '  ', question_tr: '' }, 'en')).toBeNull();
  });

  it('cuts a long text at a word, and never through a character of two UTF-16 units', () => {
    const words = `${'word '.repeat(20)}end`;
    expect(questionExcerpt({ question: words, question_tr: '' }, 'en')!.text).toMatch(/^(word ){11}word…$/);
    // 59 letters then emoji: cut after the 60th character, whole.
    const emoji = `${'a'.repeat(59)}😀😀 and more`;
    expect(questionExcerpt({ question: emoji, question_tr: '' }, 'en')!.text).toBe(`${'a'.repeat(59)}😀…`);
  });
});
