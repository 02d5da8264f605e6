import type { CourseSummary, LearnerCourse } from '@app/shared';

export const COURSE_ID = '11111111-1111-4111-8111-111111111111';
export const QUIZ_ID = '22222222-2222-4222-8222-222222222222';

const author = {
  _id: '33333333-3333-4333-8333-333333333333',
  firstname: 'Ada',
  lastname: 'Author',
  email: 'ada@example.test',
  role: 'Contributor' as const,
  role_tr: 'المساهم',
};

export function summary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    _id: COURSE_ID,
    title: 'Introduction to Open Science',
    title_tr: 'مقدمة في العلوم المفتوحة',
    description: 'Why sharing data makes research better.',
    description_tr: null,
    author: 'Open Science Community',
    license: 'CC-BY-4.0',
    status: 'Approved',
    status_tr: 'معتمد',
    isAvailable: true,
    enableEditing: false,
    preview_image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    createdBy: author,
    enrolled_users: [],
    enrolled_count: 0,
    enrolled: false,
    ...overrides,
  };
}

export function learnerCourse(overrides: Partial<LearnerCourse> = {}): LearnerCourse {
  return {
    ...summary({ enrolled: true }),
    course_section: [
      {
        _id: '44444444-4444-4444-8444-444444444444',
        title: 'Getting started',
        title_tr: 'البداية',
        description: 'What open science means.',
        description_tr: null,
        resources: [
          {
            _id: '55555555-5555-4555-8555-555555555555',
            type: 'video',
            title: 'Welcome',
            title_tr: 'مرحبًا',
            description: 'A short welcome.',
            description_tr: null,
            link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
            file: null,
            quiz: null,
          },
          {
            _id: QUIZ_ID,
            type: 'quiz',
            title: 'Quiz one',
            title_tr: null,
            description: 'Two questions.',
            description_tr: null,
            link: null,
            file: null,
            quiz: [
              {
                _id: 'q1',
                question: 'What can be shared openly?',
                question_tr: null,
                options: [
                  { name: 'Open data', name_tr: 'بيانات مفتوحة' },
                  { name: 'Passwords', name_tr: null },
                ],
              },
              {
                _id: 'q2',
                question: 'What does openness improve?',
                question_tr: null,
                options: [
                  { name: 'Secrecy', name_tr: null },
                  { name: 'Reproducibility', name_tr: null },
                ],
              },
            ],
          },
        ],
      },
    ],
    quizScore: [],
    ...overrides,
  };
}
