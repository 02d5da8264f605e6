import { describe, expect, it } from 'vitest';
import { courseInputSchema } from '@app/shared';
import { aCourse } from '../../test/render-authoring.tsx';
import {
  courseToFormValues,
  emptyCourse,
  emptyResource,
  emptySection,
  hasTypedContent,
  toCoursePayload,
  type CourseFormValues,
} from './form-values.ts';

const filled = (): CourseFormValues => ({
  ...emptyCourse(),
  title: ' Open Science ',
  author: 'Hala',
  description: 'About open science.',
  coursesection: [
    {
      ...emptySection(),
      _id: '33333333-3333-4333-8333-333333333333',
      title: 'Start',
      description: 'First steps.',
      resources: [
        {
          ...emptyResource('video'),
          _id: '44444444-4444-4444-8444-444444444444',
          title: 'Welcome',
          description: 'Video',
          link: 'https://youtu.be/dQw4w9WgXcQ?t=3',
          // Typed before the type was switched: not sent.
          file: 'https://example.test/old.pdf',
        },
        {
          ...emptyResource('quiz'),
          title: 'Check',
          description: 'Quiz',
          quiz: [
            {
              question: 'Pick B',
              question_tr: '',
              options: [
                { name: 'A', name_tr: '' },
                { name: 'B', name_tr: 'ب' },
              ],
              correctanswer: 'B',
            },
          ],
        },
      ],
    },
  ],
});

describe('toCoursePayload', () => {
  it('stores the embed address of a pasted YouTube link, keeps ids, drops other types’ fields', () => {
    const payload = toCoursePayload(courseInputSchema.parse(filled()));
    const [video, quiz] = payload.coursesection[0]!.resources;
    expect(video).toEqual({
      _id: '44444444-4444-4444-8444-444444444444',
      type: 'video',
      title: 'Welcome',
      title_tr: null,
      description: 'Video',
      description_tr: null,
      link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(payload.coursesection[0]!._id).toBe('33333333-3333-4333-8333-333333333333');
    expect(payload.title).toBe('Open Science');
    expect(quiz).toMatchObject({
      type: 'quiz',
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
    expect(payload).not.toHaveProperty('status');
  });

  it('asks for Draft or Pending only when told', () => {
    const parsed = courseInputSchema.parse(filled());
    expect(toCoursePayload(parsed, 'Draft').status).toBe('Draft');
    expect(toCoursePayload(parsed, 'Pending').status).toBe('Pending');
  });

  it('produces a body the shared schema accepts', () => {
    expect(courseInputSchema.safeParse(toCoursePayload(courseInputSchema.parse(filled()))).success).toBe(
      true,
    );
  });
});

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
  });
});
