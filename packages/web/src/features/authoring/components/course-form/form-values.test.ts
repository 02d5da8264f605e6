import { describe, expect, it } from 'vitest';
import { courseDraftSchema } from '@app/shared';
import { aCourse } from '../../test/render-authoring.tsx';
import {
  courseToFormValues,
  emptyQuestion,
  emptyResource,
  emptySection,
  hasTypedContent,
  questionToDraft,
} from './form-values.ts';

// What a draft becomes (normalised, checked) is tested with the schema in
// packages/shared/src/courses/course-draft.schema.test.ts.

describe('courseToFormValues', () => {
  it('keeps English in the English fields and Arabic in the _tr fields', () => {
    const values = courseToFormValues(aCourse({ title: 'English title', title_tr: 'عنوان عربي' }));
    expect(values.title).toBe('English title');
    expect(values.title_tr).toBe('عنوان عربي');
    expect(values.description_tr).toBe('');
    expect(values.coursesection[0]!.resources[0]).toMatchObject({
      _id: '44444444-4444-4444-8444-444444444444',
      link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      file: '',
      quiz: [],
    });
  });

  it('gives form values that save back as the same course', () => {
    const course = aCourse({ title_tr: 'عنوان عربي' });
    const saved = courseDraftSchema.parse(courseToFormValues(course));
    expect(saved.title_tr).toBe('عنوان عربي');
    expect(saved.description_tr).toBe(course.description_tr);
    expect(saved.coursesection[0]!.resources[0]).toMatchObject({
      _id: course.course_section[0]!.resources[0]!._id,
      link: course.course_section[0]!.resources[0]!.link,
    });
  });

  it('leaves out server-made certificate resources', () => {
    const course = aCourse();
    course.course_section[0]!.resources.push({
      ...course.course_section[0]!.resources[0]!,
      _id: '55555555-5555-4555-8555-555555555555',
      type: 'certificate',
    });
    expect(courseToFormValues(course).coursesection[0]!.resources).toHaveLength(1);
  });
});

describe('hasTypedContent', () => {
  it('ignores the type select and ids', () => {
    expect(hasTypedContent({ ...emptySection(), _id: 'x', resources: [emptyResource('pdf')] })).toBe(false);
    expect(hasTypedContent({ ...emptySection(), resources: [{ ...emptyResource(), title: 'a' }] })).toBe(
      true,
    );
    // A blank question (single choice, scoring "all" preset) holds nothing typed.
    expect(hasTypedContent({ ...emptyResource('quiz'), quiz: [emptyQuestion()] })).toBe(false);
  });
});

describe('questionToDraft (decision 035)', () => {
  it('turns each saved type back into the draft the modal edits', () => {
    const base = { _id: 'q', question: 'Q', question_tr: null, options: [] };
    expect(
      questionToDraft({ ...base, type: 'short', accepted: ['Cairo', 'Al-Qahira'], accepted_tr: ['القاهرة'] }),
    ).toMatchObject({ type: 'short', accepted: 'Cairo\nAl-Qahira', accepted_tr: 'القاهرة', explanation: '' });
    expect(
      questionToDraft({ ...base, type: 'truefalse', correctanswer: 'false', explanation: 'Why' }),
    ).toMatchObject({ type: 'truefalse', truth: 'false', explanation: 'Why', explanation_tr: '' });
    const options = [
      { name: 'A', name_tr: null },
      { name: 'B', name_tr: 'ب' },
    ];
    expect(
      questionToDraft({ ...base, type: 'multiple', options, correctanswers: ['B'], scoring: 'partial' }),
    ).toMatchObject({
      type: 'multiple',
      options: [
        { name: 'A', name_tr: '' },
        { name: 'B', name_tr: 'ب' },
      ],
      correctanswers: ['B'],
      scoring: 'partial',
    });
    expect(questionToDraft({ ...base, options, correctanswer: 'A' })).toMatchObject({
      type: 'single',
      correctanswer: 'A',
    });
  });
});
