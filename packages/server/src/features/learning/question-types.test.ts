import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseInput, LearnerCourse, QuizFeedback } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { answers, createApprovedCourse, quizOf, type CreatedCourse } from '../../test/course-fixtures.ts';

/** A quiz with one question of each type (decision 035), the first as old clients send it. */
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
          description: 'Five questions.',
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
            },
            {
              type: 'multiple',
              question: 'All of them?',
              question_tr: null,
              options: ['A', 'B', 'C'].map((name) => ({ name, name_tr: null })),
              correctanswers: ['A', 'B'],
              scoring: 'all',
              explanation: 'SECRET-EXPLANATION-ALL',
              explanation_tr: 'شرح سري',
            },
            {
              type: 'multiple',
              question: 'Partial?',
              question_tr: null,
              options: ['A', 'B', 'C', 'D'].map((name) => ({ name, name_tr: null })),
              correctanswers: ['A', 'B', 'C'],
              scoring: 'partial',
            },
            { type: 'truefalse', question: 'Water is wet?', question_tr: null, correctanswer: 'true' },
            {
              type: 'short',
              question: 'Where do you study?',
              question_tr: 'أين تدرس؟',
              accepted: ['SECRET-ACCEPTED'],
              accepted_tr: ['مدرسة'],
              explanation: 'SECRET-EXPLANATION-SHORT',
            },
          ],
        },
      ],
    },
  ],
};

const KEY_WORDS = [
  'correctanswer',
  'correctanswers',
  'scoring',
  'accepted',
  'explanation',
  'SECRET',
  'مدرسة',
];

describe('question types and feedback (decision 035)', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let course: CreatedCourse;
  let legacy: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin, mixedQuiz);
    legacy = await createApprovedCourse(t, owner, admin);
    for (const id of [course._id, legacy._id]) await get(learner, `/api/v1/course/enroll/${id}`);
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });
  const submit = (courseId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${courseId}`,
      headers: learner.auth,
      payload,
    });
  const ids = () => quizOf(course).questions.map((q) => q._id);

  it('stores each type with only its fields; a single choice keeps its exact old shape', async () => {
    const full = (await get(owner, `/api/v1/course/${course._id}`)).json<{ data: Course }>().data;
    const questions = full.course_section[0]!.resources[0]!.quiz!;
    expect(questions.map((q) => Object.keys(q).sort())).toEqual([
      ['_id', 'correctanswer', 'options', 'question', 'question_tr'],
      [
        '_id',
        'correctanswers',
        'explanation',
        'explanation_tr',
        'options',
        'question',
        'question_tr',
        'scoring',
        'type',
      ],
      ['_id', 'correctanswers', 'options', 'question', 'question_tr', 'scoring', 'type'],
      ['_id', 'correctanswer', 'options', 'question', 'question_tr', 'type'],
      ['_id', 'accepted', 'accepted_tr', 'explanation', 'options', 'question', 'question_tr', 'type'],
    ]);
    expect(questions[3]).toMatchObject({ type: 'truefalse', options: [], correctanswer: 'true' });
    const legacyFull = (await get(owner, `/api/v1/course/${legacy._id}`)).json<{ data: Course }>().data;
    for (const q of legacyFull.course_section[1]!.resources[0]!.quiz!)
      expect(Object.keys(q)).toEqual(['_id', 'question', 'question_tr', 'options', 'correctanswer']);
  });

  it('never sends the key or the explanations to a learner before an attempt', async () => {
    const view = await get(learner, `/api/v1/user/course/${course._id}`);
    expect(view.statusCode).toBe(200);
    const catalogue = await get(learner, '/api/v1/course/approved');
    const asLearner = await get(learner, `/api/v1/course/${course._id}`);
    const publicPage = await t.app.inject({ method: 'GET', url: `/courses/${course._id}?lang=ar` });
    for (const response of [view, catalogue, asLearner, publicPage])
      for (const word of KEY_WORDS) expect(response.body).not.toContain(word);
    const quiz = view.json<{ data: LearnerCourse }>().data.course_section[0]!.resources[0]!.quiz!;
    expect(quiz.map((q) => Object.keys(q).sort())).toEqual([
      ['_id', 'options', 'question', 'question_tr'],
      ['_id', 'options', 'question', 'question_tr', 'type'],
      ['_id', 'options', 'question', 'question_tr', 'type'],
      ['_id', 'options', 'question', 'question_tr', 'type'],
      ['_id', 'options', 'question', 'question_tr', 'type'],
    ]);
    expect(quiz.map((q) => q.type)).toEqual([undefined, 'multiple', 'multiple', 'truefalse', 'short']);
  });

  it('scores each type on the server, with partial credit, and gives feedback only after submitting', async () => {
    const [single, all, partial, truefalse, short] = ids();
    const response = await submit(course._id, {
      resourceId: quizOf(course).resourceId,
      quizAnswers: [
        { _id: single, answer: 'Yes' },
        { _id: all, answer: ['A'] }, // one of two: all-or-nothing gives 0
        { _id: partial, answer: ['A', 'B', 'D'] }, // (2 right − 1 wrong) ÷ 3 = 1/3
        { _id: truefalse, answer: 'true' },
        { _id: short, answer: ' مَدرسه ' }, // tashkeel, taa marbuta/haa and spaces fold away
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ score: { currentScore: number }; feedback: QuizFeedback[] }>();
    expect(body.score.currentScore).toBeCloseTo(((1 + 0 + 1 / 3 + 1 + 1) * 100) / 5);
    expect(body.feedback.map(({ _id, correct, answer }) => ({ _id, correct, answer }))).toEqual([
      { _id: single, correct: true, answer: 'Yes' },
      { _id: all, correct: false, answer: ['A'] },
      { _id: partial, correct: false, answer: ['A', 'B', 'D'] },
      { _id: truefalse, correct: true, answer: 'true' },
      { _id: short, correct: true, answer: ' مَدرسه ' },
    ]);
    expect(body.feedback[2]!.credit).toBeCloseTo(1 / 3);
    expect(body.feedback[1]).toMatchObject({
      credit: 0,
      explanation: 'SECRET-EXPLANATION-ALL',
      explanation_tr: 'شرح سري',
    });
    expect(body.feedback[4]).toMatchObject({ explanation: 'SECRET-EXPLANATION-SHORT', explanation_tr: null });
    // The feedback says right or wrong, never what the right answer was.
    for (const word of ['correctanswer', 'SECRET-ACCEPTED', 'scoring'])
      expect(response.body).not.toContain(word);
  });

  it('gives full marks for every key, nothing for wrong shapes, and floors partial credit at 0', async () => {
    const [single, all, partial, truefalse, short] = ids();
    const resourceId = quizOf(course).resourceId;
    const perfect = await submit(course._id, {
      resourceId,
      quizAnswers: [
        { _id: single, answer: 'Yes' },
        { _id: all, answer: ['B', 'A'] },
        { _id: partial, answer: ['A', 'B', 'C'] },
        { _id: truefalse, answer: 'true' },
        { _id: short, answer: 'secret-accepted' },
      ],
    });
    expect(perfect.json<{ score: { currentScore: number } }>().score.currentScore).toBe(100);
    const wrong = await submit(course._id, {
      resourceId,
      quizAnswers: [
        { _id: single, answer: ['Yes'] },
        { _id: all, answer: ['A', 'B', 'C'] },
        { _id: partial, answer: ['A', 'D', 'X', 'Y'] },
        { _id: truefalse, answer: 'false' },
        { _id: short, answer: '   ' },
      ],
    });
    const body = wrong.json<{ score: { currentScore: number }; feedback: QuizFeedback[] }>();
    expect(body.score.currentScore).toBe(0);
    expect(body.feedback.map((item) => item.credit)).toEqual([0, 0, 0, 0, 0]);
  });

  it('keeps old single-choice payloads and responses: the same body, the same score object', async () => {
    const response = await submit(legacy._id, answers(legacy, 2));
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['success', 'score', 'feedback']);
    expect(body.score).toEqual({
      currentScore: (2 * 100) / 3,
      quizScore: [{ quizId: quizOf(legacy).resourceId, score: (2 * 100) / 3 }],
    });
    expect(body.feedback).toEqual(
      quizOf(legacy).questions.map((q, index) => ({
        _id: q._id,
        correct: index < 2,
        credit: index < 2 ? 1 : 0,
        answer: index < 2 ? q.correctanswer : (expect.stringMatching(/^wrong /) as unknown),
        explanation: null,
        explanation_tr: null,
      })),
    );
  });

  it('refuses bodies of the wrong shape with 400, never 500', async () => {
    const resourceId = quizOf(course).resourceId;
    for (const answer of [42, null, { a: 1 }, ['a', 'b', 'c', 'd', 'e'], [1]]) {
      const response = await submit(course._id, { resourceId, quizAnswers: [{ _id: ids()[0], answer }] });
      expect(response.statusCode).toBe(400);
    }
  });
});
