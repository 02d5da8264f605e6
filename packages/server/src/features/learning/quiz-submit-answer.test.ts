import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LIMITS,
  exerciseScoreBodySchema,
  exerciseScoreResponseSchema,
  type CourseInput,
  type QuizFeedback,
} from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { answers, createApprovedCourse, quizOf, type CreatedCourse } from '../../test/course-fixtures.ts';
import { exerciseScoreJson } from './learning.service.ts';
import { quizBodyAtOnce } from './learning.routes.ts';

/** What the route's response schema made of an answer: the text the serializer sent before. */
const encoded = (value: unknown) => JSON.stringify(exerciseScoreResponseSchema.encode(value as never));

const feedbackItem = (overrides: Partial<QuizFeedback> = {}): QuizFeedback => ({
  _id: 'q1',
  correct: false,
  credit: 1 / 3,
  answer: ['A', 'B'],
  explanation: 'Because.',
  explanation_tr: null,
  ...overrides,
});

describe('the quiz submission answer as JSON text (no schema encoding per answer)', () => {
  it('is the text the response schema encodes, fields in its order, for every kind of figure', () => {
    const result = {
      currentScore: 200 / 3,
      quizScore: [
        { quizId: 'a', score: 100 },
        { quizId: 'b', score: 200 / 3 },
      ],
      feedback: [
        feedbackItem(),
        feedbackItem({ _id: 'q2', correct: true, credit: 1, answer: ' مَدرسه ', explanation: null }),
        feedbackItem({ _id: 'q3', credit: 0, answer: '', explanation: 'شرح', explanation_tr: 'شرح سري' }),
      ],
    };
    expect(exerciseScoreJson(result)).toBe(
      encoded({
        success: true,
        score: { currentScore: result.currentScore, quizScore: result.quizScore },
        feedback: result.feedback,
      }),
    );
  });

  it('leaves out any field the schema does not know, as its encoding did', () => {
    const result = {
      currentScore: 50,
      quizScore: [{ quizId: 'a', score: 50, extra: 'no' }],
      feedback: [{ ...feedbackItem(), correctanswer: 'SECRET' }],
    };
    const json = exerciseScoreJson(result)!;
    expect(json).not.toContain('SECRET');
    expect(json).not.toContain('extra');
    expect(json).toBe(
      encoded({
        success: true,
        score: { currentScore: 50, quizScore: result.quizScore },
        feedback: result.feedback,
      }),
    );
  });

  it('gives nothing for a figure JSON cannot carry, which the schema refuses (the route then fails as before)', () => {
    for (const bad of [
      { currentScore: Number.NaN, quizScore: [], feedback: [] },
      { currentScore: 1, quizScore: [{ quizId: 'a', score: Number.POSITIVE_INFINITY }], feedback: [] },
      { currentScore: 1, quizScore: [], feedback: [feedbackItem({ credit: Number.NaN })] },
    ]) {
      expect(exerciseScoreJson(bad)).toBeNull();
      const { currentScore, quizScore, feedback } = bad;
      expect(
        exerciseScoreResponseSchema.safeEncode({
          success: true,
          score: { currentScore, quizScore },
          feedback,
        }).success,
      ).toBe(false);
    }
  });
});

describe('POST /course/exercise-score/:courseId sends the schema’s text', () => {
  let t: TestApp;
  let learner: TestUser;
  let course: CreatedCourse;
  let mixed: CreatedCourse;

  const mixedQuiz: Partial<CourseInput> = {
    coursesection: [
      {
        title: 'Check yourself',
        title_tr: null,
        description: 'Questions of every type.',
        description_tr: null,
        resources: [
          {
            type: 'quiz',
            title: 'Mixed quiz',
            title_tr: null,
            description: 'Four questions.',
            description_tr: null,
            quiz: [
              {
                question: 'Single?',
                question_tr: null,
                options: [
                  { name: 'Yes', name_tr: 'نعم' },
                  { name: 'No', name_tr: 'لا' },
                ],
                correctanswer: 'Yes',
                explanation: 'Yes it is.',
              },
              {
                type: 'multiple',
                question: 'Partial?',
                question_tr: null,
                options: ['A', 'B', 'C', 'D'].map((name) => ({ name, name_tr: null })),
                correctanswers: ['A', 'B', 'C'],
                scoring: 'partial',
                explanation_tr: 'شرح',
              },
              { type: 'truefalse', question: 'Water is wet?', question_tr: null, correctanswer: 'true' },
              {
                type: 'short',
                question: 'Where do you study?',
                question_tr: 'أين تدرس؟',
                accepted: ['school'],
                accepted_tr: ['مدرسة'],
              },
            ],
          },
        ],
      },
    ],
  };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin);
    mixed = await createApprovedCourse(t, owner, admin, mixedQuiz);
    for (const id of [course._id, mixed._id])
      await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${id}`, headers: learner.auth });
  });
  afterAll(() => t.close());

  const submit = (courseId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${courseId}`,
      headers: learner.auth,
      payload,
    });

  it('answers exactly what the response schema encodes, as JSON in UTF-8, for every question type', async () => {
    const [single, partial, truefalse, short] = quizOf(mixed).questions.map((q) => q._id);
    const responses = [
      await submit(course._id, answers(course, 2)),
      await submit(course._id, answers(course, 3)),
      await submit(mixed._id, {
        resourceId: quizOf(mixed).resourceId,
        quizAnswers: [
          { _id: short, answer: ' مَدرسه ' },
          { _id: partial, answer: ['A', 'B', 'D'] },
          { _id: single, answer: 'No' },
        ],
      }),
      await submit(mixed._id, {
        resourceId: quizOf(mixed).resourceId,
        quizAnswers: [{ _id: truefalse, answer: 'true' }],
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
      expect(response.body).toBe(encoded(JSON.parse(response.body)));
    }
    const mixedBody = responses[2]!.json<{ score: { quizScore: unknown[] }; feedback: QuizFeedback[] }>();
    expect(
      mixedBody.feedback.map(({ _id, answer, explanation, explanation_tr }) => ({
        _id,
        answer,
        explanation,
        explanation_tr,
      })),
    ).toEqual([
      { _id: single, answer: 'No', explanation: 'Yes it is.', explanation_tr: null },
      { _id: partial, answer: ['A', 'B', 'D'], explanation: null, explanation_tr: 'شرح' },
      { _id: truefalse, answer: '', explanation: null, explanation_tr: null },
      { _id: short, answer: ' مَدرسه ', explanation: null, explanation_tr: null },
    ]);
    type Score = { score: { currentScore: number; quizScore: unknown[] } };
    const best = responses[2]!.json<Score>().score.currentScore;
    expect(best).toBeCloseTo(((1 / 3 + 1) * 100) / 4);
    expect(responses[3]!.json<Score>().score).toEqual({
      currentScore: 25,
      quizScore: [{ quizId: quizOf(mixed).resourceId, score: best }],
    });
  });

  it('reads a good body without the schema’s walk, and refuses a bad one with the schema’s 400', async () => {
    const run = vi.spyOn(exerciseScoreBodySchema._zod, 'run');
    try {
      const good = await submit(course._id, answers(course, 1));
      expect(good.statusCode).toBe(200);
      expect(run).not.toHaveBeenCalled();
      const bad = await submit(course._id, {
        resourceId: quizOf(course).resourceId,
        quizAnswers: [{ _id: 'x'.repeat(101), answer: 'A' }],
      });
      expect(run).toHaveBeenCalledTimes(1);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        success: false,
        message: 'Some fields are missing or invalid.',
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'quizAnswers.0._id', message: 'Must be at most 100 characters.' }],
      });
    } finally {
      run.mockRestore();
    }
  });
});

/** A small deterministic generator (mulberry32), so a failure names its case. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('quizBodyAtOnce: only ever what exerciseScoreBodySchema reads', () => {
  const uuid = 'e4c1f1a2-3b4c-4d5e-8f60-718293a4b5c6';
  const texts: unknown[] = [
    'A',
    '',
    ' مَدرسه ',
    'x'.repeat(LIMITS.optionMax),
    'x'.repeat(LIMITS.optionMax + 1),
    'a\u0000b',
    'lone \ud800 surrogate',
    'pair \ud83d\ude00 emoji',
    'tab\tand\nnewline',
    42,
    null,
    true,
    { name: 'A' },
  ];
  const ids: unknown[] = ['q1', '', 'i'.repeat(100), 'i'.repeat(101), 'a\u0000', '\udfff', uuid, 7, null];
  const resourceIds: unknown[] = [
    uuid,
    uuid.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'e4c1f1a2-3b4c-9d5e-8f60-718293a4b5c6', // no such version
    'e4c1f1a2-3b4c-4d5e-0f60-718293a4b5c6', // no such variant
    ` ${uuid}`,
    'not-an-id',
    42,
    null,
    undefined,
  ];

  const check = (input: unknown) => {
    const quick = quizBodyAtOnce(input);
    const schema = exerciseScoreBodySchema.safeParse(input);
    if (quick !== undefined) {
      expect(schema.success, JSON.stringify(input)).toBe(true);
      // The same value, fields in the same order (the attempt's answers are stored as JSON).
      expect(JSON.stringify(quick)).toBe(JSON.stringify(schema.data));
      expect(quick).toEqual(schema.data);
    }
    return { quick, schema };
  };

  it('reads the bodies browsers send exactly as the schema does', () => {
    for (const answer of ['A', ['A', 'B'], [], ['x'.repeat(LIMITS.optionMax)], ' مَدرسه ']) {
      const input = { resourceId: uuid.toUpperCase(), quizAnswers: [{ _id: 'q1', answer }], extra: 1 };
      const { quick } = check(input);
      expect(quick).toEqual({ resourceId: uuid, quizAnswers: [{ _id: 'q1', answer }] });
    }
    const many = {
      resourceId: uuid,
      quizAnswers: Array.from({ length: LIMITS.questionsMax }, (_, i) => ({
        _id: `q${i}`,
        answer: 'A',
        more: i,
      })),
    };
    expect(check(many).quick?.quizAnswers).toHaveLength(LIMITS.questionsMax);
    expect(check({ resourceId: uuid, quizAnswers: [] }).quick).toEqual({ resourceId: uuid, quizAnswers: [] });
  });

  it('answers nothing for whatever the schema refuses, at every edge of its rules', () => {
    const refused: unknown[] = [
      null,
      [],
      'body',
      { resourceId: uuid },
      { resourceId: uuid, quizAnswers: {} },
      {
        resourceId: uuid,
        quizAnswers: Array.from({ length: LIMITS.questionsMax + 1 }, () => ({ _id: 'q', answer: 'A' })),
      },
      {
        resourceId: uuid,
        quizAnswers: [{ _id: 'q', answer: ['A', 'B', 'C', 'D', 'E'].slice(0, LIMITS.quizOptionsMax + 1) }],
      },
      { resourceId: uuid, quizAnswers: [{ _id: 'q', answer: [['A']] }] },
      { resourceId: uuid, quizAnswers: [null] },
      { resourceId: uuid, quizAnswers: [['q', 'A']] },
      { resourceId: uuid, quizAnswers: [{ answer: 'A' }] },
      { resourceId: uuid, quizAnswers: [{ _id: 'q' }] },
    ];
    for (const input of refused) {
      const { quick, schema } = check(input);
      expect(schema.success, JSON.stringify(input)).toBe(false);
      expect(quick).toBeUndefined();
    }
  });

  it('agrees with the schema on thousands of bodies mixed from every edge', () => {
    const next = random(2026_12_03);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    let accepted = 0;
    let refused = 0;
    for (let n = 0; n < 5_000; n++) {
      const quizAnswers = Array.from({ length: Math.floor(next() * 4) }, () => {
        const answer =
          next() < 0.5
            ? pick(texts)
            : Array.from({ length: Math.floor(next() * (LIMITS.quizOptionsMax + 2)) }, () => pick(texts));
        const item: Record<string, unknown> = { _id: pick(ids), answer };
        if (next() < 0.1) delete item._id;
        if (next() < 0.1) item.extra = 'x';
        return next() < 0.05 ? pick([null, 'q', ['q']]) : item;
      });
      const input: Record<string, unknown> = { resourceId: pick(resourceIds), quizAnswers };
      if (next() < 0.05) delete input.quizAnswers;
      const { quick, schema } = check(input);
      if (schema.success) accepted++;
      else refused++;
      // Every body the schema accepts, it reads too (so the route never pays zod for a good one).
      if (schema.success) expect(quick, JSON.stringify(input)).toBeDefined();
    }
    expect(accepted).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  });
});
