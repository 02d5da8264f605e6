import { describe, expect, it } from 'vitest';
import { describeIssue, issuePath } from '../common/validation.ts';
import { courseInputSchema } from './course.schema.ts';
import {
  courseDraftSchema,
  quizQuestionDraftSchema,
  type CourseDraft,
  type QuizQuestionDraft,
  type ResourceDraft,
} from './course-draft.schema.ts';

const blank = { title_tr: '', description_tr: '' };
const resource = (fields: Partial<ResourceDraft> & Pick<ResourceDraft, 'type'>): ResourceDraft => ({
  title: 'R',
  description: 'D',
  ...blank,
  link: '',
  file: '',
  quiz: [],
  ...fields,
});
const question = (fields: Partial<QuizQuestionDraft> = {}): QuizQuestionDraft => ({
  question: 'Pick B',
  question_tr: '',
  options: [
    { name: 'A', name_tr: '' },
    { name: 'B', name_tr: 'ب' },
  ],
  correctanswer: 'B',
  ...fields,
});

/** A form as an author leaves it: untouched translations, a pasted share link, a type switched. */
const draft = (): CourseDraft => ({
  title: ' Open Science ',
  title_tr: '   ',
  description: 'About open science.',
  description_tr: 'عن العلوم المفتوحة',
  author: 'Hala',
  license: 'CC-BY-SA-4.0',
  coursesection: [
    {
      _id: '33333333-3333-4333-8333-333333333333',
      title: 'Start',
      description: 'First steps.',
      ...blank,
      resources: [
        resource({
          _id: '44444444-4444-4444-8444-444444444444',
          type: 'video',
          title: 'Welcome',
          link: 'https://youtu.be/dQw4w9WgXcQ?t=3',
          // Typed before the type was switched to video: not sent.
          file: 'https://example.test/old.pdf',
        }),
        resource({ type: 'pdf', file: '/api/v1/files/55555555-5555-4555-8555-555555555555' }),
        resource({ type: 'quiz', quiz: [question()] }),
      ],
    },
  ],
});

/** The problems of a draft as the form shows them: field path → validation key. */
function problems(value: CourseDraft): Record<string, string> {
  const result = courseDraftSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issuePath(issue), describeIssue(issue).key]));
}

describe('courseDraftSchema', () => {
  it('turns empty and blank translations into null', () => {
    const course = courseDraftSchema.parse(draft());
    expect(course.title_tr).toBeNull();
    expect(course.description_tr).toBe('عن العلوم المفتوحة');
    expect(course.coursesection[0]).toMatchObject({ title_tr: null, description_tr: null });
    const [, , quiz] = course.coursesection[0]!.resources;
    expect(quiz).toMatchObject({
      title_tr: null,
      quiz: [
        {
          question_tr: null,
          options: [
            { name: 'A', name_tr: null },
            { name: 'B', name_tr: 'ب' },
          ],
        },
      ],
    });
  });

  it('stores the embed address of a pasted YouTube link, keeps ids, drops other types’ fields', () => {
    const course = courseDraftSchema.parse(draft());
    const [video, pdf] = course.coursesection[0]!.resources;
    expect(video).toEqual({
      _id: '44444444-4444-4444-8444-444444444444',
      type: 'video',
      title: 'Welcome',
      title_tr: null,
      description: 'D',
      description_tr: null,
      link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(pdf).toEqual({
      type: 'pdf',
      title: 'R',
      title_tr: null,
      description: 'D',
      description_tr: null,
      file: '/api/v1/files/55555555-5555-4555-8555-555555555555',
    });
    expect(course.coursesection[0]!._id).toBe('33333333-3333-4333-8333-333333333333');
    expect(course.title).toBe('Open Science');
    expect(course.license).toBe('CC-BY-SA-4.0');
    expect(course).not.toHaveProperty('status');
  });

  it('pipes into the course input schema: its output is a CourseInput, unchanged by parsing again', () => {
    const course = courseDraftSchema.parse(draft());
    // What the API does with the body the form sends: the normalisations are idempotent.
    expect(courseInputSchema.parse(course)).toEqual(course);
  });

  it('reports every problem at once, at the path of the form field, with the shared keys', () => {
    const value = draft();
    value.title = '  ';
    value.author = '';
    const [video, pdf, quiz] = value.coursesection[0]!.resources;
    video!.link = 'https://vimeo.com/76979871';
    pdf!.file = '';
    quiz!.quiz = [question({ correctanswer: 'C' })];
    expect(problems(value)).toEqual({
      title: 'required',
      author: 'required',
      'coursesection.0.resources.0.link': 'video_not_embeddable',
      'coursesection.0.resources.1.file': 'pdf_file_required',
      'coursesection.0.resources.2.quiz.0.correctanswer': 'correct_answer_not_option',
    });
  });

  it('checks limits on what was typed, before the link is shortened', () => {
    const value = draft();
    value.coursesection[0]!.resources[0]!.link = `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${'a'.repeat(2100)}`;
    value.coursesection[0]!.title = 'x'.repeat(31);
    value.coursesection[0]!.resources[2]!.quiz = [];
    expect(problems(value)).toEqual({
      'coursesection.0.title': 'too_long',
      'coursesection.0.resources.0.link': 'too_long',
      'coursesection.0.resources.2.quiz': 'quiz_required',
    });
  });
});

describe('courseInputSchema on a raw API body', () => {
  it('normalises missing, null and empty translations and any YouTube link the same way', () => {
    const course = courseInputSchema.parse({
      title: 'T',
      description: 'D',
      description_tr: null,
      author: 'A',
      coursesection: [
        {
          title: 'S',
          title_tr: '',
          description: 'D',
          resources: [
            {
              type: 'video',
              title: 'V',
              description: 'D',
              link: 'https://www.youtube.com/shorts/dQw4w9WgXcQ',
            },
          ],
        },
      ],
    });
    expect(course).toMatchObject({ title_tr: null, description_tr: null, license: 'CC-BY-4.0' });
    expect(course.coursesection[0]).toMatchObject({ title_tr: null, description_tr: null });
    expect(course.coursesection[0]!.resources[0]).toMatchObject({
      title_tr: null,
      link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
  });
});

describe('quizQuestionDraftSchema', () => {
  it('checks one question of the modal and normalises it like the course', () => {
    expect(quizQuestionDraftSchema.parse(question({ question: ' Pick B ' }))).toEqual({
      question: 'Pick B',
      question_tr: null,
      options: [
        { name: 'A', name_tr: null },
        { name: 'B', name_tr: 'ب' },
      ],
      correctanswer: 'B',
      explanation: null,
      explanation_tr: null,
    });
  });

  it('keeps only the chosen type’s fields (decision 035)', () => {
    const all = question({
      correctanswers: ['A', 'B'],
      scoring: 'partial',
      truth: 'false',
      accepted: ' Paris \n\n باريس ',
      accepted_tr: 'باريس',
      explanation: ' Because. ',
      explanation_tr: '',
    });
    expect(quizQuestionDraftSchema.parse({ ...all, type: 'multiple' })).toEqual({
      type: 'multiple',
      question: 'Pick B',
      question_tr: null,
      options: [
        { name: 'A', name_tr: null },
        { name: 'B', name_tr: 'ب' },
      ],
      correctanswers: ['A', 'B'],
      scoring: 'partial',
      explanation: 'Because.',
      explanation_tr: null,
    });
    expect(quizQuestionDraftSchema.parse({ ...all, type: 'truefalse' })).toEqual({
      type: 'truefalse',
      question: 'Pick B',
      question_tr: null,
      correctanswer: 'false',
      explanation: 'Because.',
      explanation_tr: null,
    });
    expect(quizQuestionDraftSchema.parse({ ...all, type: 'short' })).toEqual({
      type: 'short',
      question: 'Pick B',
      question_tr: null,
      accepted: ['Paris', 'باريس'],
      accepted_tr: ['باريس'],
      explanation: 'Because.',
      explanation_tr: null,
    });
  });

  it('asks each type for its key', () => {
    const keys = (fields: Partial<QuizQuestionDraft>) => {
      const result = quizQuestionDraftSchema.safeParse(question(fields));
      return result.error?.issues.map((issue) => [issuePath(issue), describeIssue(issue).key]);
    };
    expect(keys({ type: 'multiple', correctanswers: [] })).toEqual([['correctanswers', 'required']]);
    expect(keys({ type: 'multiple', correctanswers: ['A', 'Z'] })).toEqual([
      ['correctanswers', 'correct_answer_not_option'],
    ]);
    expect(keys({ type: 'truefalse', truth: '' })).toEqual([['correctanswer', 'required']]);
    expect(keys({ type: 'short', accepted: ' \n ' })).toEqual([['accepted', 'required']]);
    // At most four options holds for multiple answers too.
    const five = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, name_tr: '' }));
    expect(keys({ type: 'multiple', options: five, correctanswers: ['A'] })).toEqual([
      ['options', 'too_many'],
    ]);
  });

  it('refuses repeated options and a missing answer', () => {
    const result = quizQuestionDraftSchema.safeParse(
      question({
        options: [
          { name: 'A', name_tr: '' },
          { name: 'A', name_tr: '' },
        ],
        correctanswer: '',
      }),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issuePath(issue), describeIssue(issue).key])).toEqual([
      ['correctanswer', 'required'],
      ['options', 'duplicate_option'],
      ['correctanswer', 'correct_answer_not_option'],
    ]);
  });
});
