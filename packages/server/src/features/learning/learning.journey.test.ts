import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary, LearnerCourse } from '@app/shared';
import { enrollments, quizAttempts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  answers,
  courseAction,
  createApprovedCourse,
  createCourse,
  quizOf,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

describe('learning: the learner journey through the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let course: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin);
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.auth });
  const submit = (user: TestUser, courseId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${courseId}`,
      headers: user.auth,
      payload,
    });

  it('lists, enrols once, studies without answers, takes the quiz twice and keeps the best score', async () => {
    const listed = (await get(learner, '/api/v1/course/approved')).json<{ data: CourseSummary[] }>().data;
    expect(listed.find((c) => c._id === course._id)).toMatchObject({ enrolled: false, enrolled_users: [] });

    for (let i = 0; i < 2; i++) {
      const enrolled = await get(learner, `/api/v1/course/enroll/${course._id}`);
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.json()).toEqual({ success: true, message: 'Course enrolled successfully' });
    }
    const rows = await t.db
      .select({ n: count() })
      .from(enrollments)
      .where(and(eq(enrollments.userId, learner.id), eq(enrollments.courseId, course._id)));
    expect(rows[0]!.n).toBe(1);

    const relisted = (await get(learner, '/api/v1/course/approved')).json<{ data: CourseSummary[] }>().data;
    expect(relisted.find((c) => c._id === course._id)).toMatchObject({
      enrolled: true,
      enrolled_users: [learner.id],
      enrolled_count: 1,
    });

    const view = await get(learner, `/api/v1/user/course/${course._id}`);
    expect(view.statusCode).toBe(200);
    // Their own data, answers joined from cached bytes included: no cache keeps it (decision 077).
    expect(view.headers['cache-control']).toBe('no-store');
    expect((await get(learner, '/api/v1/course/approved')).headers['cache-control']).toBe('no-store');
    expect(view.body).not.toContain('correctanswer');
    const studied = view.json<{ data: LearnerCourse }>().data;
    expect(studied.quizScore).toEqual([]);
    expect(studied.course_section.flatMap((s) => s.resources.map((r) => r.type))).toEqual([
      'video',
      'pdf',
      'quiz',
    ]);
    const { resourceId } = quizOf(course);
    const quiz = studied.course_section[1]!.resources[0]!;
    expect(quiz._id).toBe(resourceId);
    expect(quiz.quiz!.map((q) => Object.keys(q).sort())).toEqual(
      Array(3).fill(['_id', 'options', 'question', 'question_tr']),
    );

    const wrong = await submit(learner, course._id, answers(course, 0));
    expect(wrong.json()).toEqual({
      success: true,
      score: { currentScore: 0, quizScore: [{ quizId: resourceId, score: 0 }] },
      feedback: expect.any(Array) as unknown, // decision 035; question-types.test.ts checks it
    });
    const right = await submit(learner, course._id, answers(course, 3));
    expect(right.json()).toEqual({
      success: true,
      score: { currentScore: 100, quizScore: [{ quizId: resourceId, score: 100 }] },
      feedback: expect.any(Array) as unknown,
    });
    const worse = await submit(learner, course._id, answers(course, 1));
    expect(worse.json<{ score: { currentScore: number; quizScore: unknown } }>().score).toEqual({
      currentScore: 100 / 3,
      quizScore: [{ quizId: resourceId, score: 100 }],
    });

    const after = await get(learner, `/api/v1/user/course/${course._id}`);
    expect(after.json<{ data: LearnerCourse }>().data.quizScore).toEqual([
      { quizId: resourceId, score: 100 },
    ]);
    expect((await get(learner, `/api/v1/user/overall-score/${course._id}`)).json()).toEqual({
      success: true,
      score: 100,
      certificateIssued: false,
    });
    const attempts = await t.db
      .select({ n: count() })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, learner.id));
    expect(attempts[0]!.n).toBe(3);
  });

  it('reads a course id in capitals as the same course for every learner route', async () => {
    const reader = await createUser(t, 'EndUser');
    const upper = course._id.toUpperCase();
    const video = course.course_section[0]!.resources[0]!._id.toUpperCase();
    // Enrolled through the capitals: the enrolment is the course's, as the view through them is.
    expect((await get(reader, `/api/v1/course/enroll/${upper}`)).statusCode).toBe(200);
    const view = await get(reader, `/api/v1/user/course/${upper}`);
    expect(view.statusCode).toBe(200);
    expect(view.json<{ data: LearnerCourse }>().data._id).toBe(course._id);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/course/${upper}/completion/${video}`,
      headers: reader.auth,
    });
    expect(done.statusCode).toBe(200);
    const progress = await get(reader, `/api/v1/user/course/${course._id}/progress`);
    expect(progress.json<{ data: { completed: string[] } }>().data.completed).toEqual([
      course.course_section[0]!.resources[0]!._id,
    ]);
    const { resourceId } = quizOf(course);
    const scored = await submit(reader, upper, {
      ...answers(course, 3),
      resourceId: resourceId.toUpperCase(),
    });
    expect(scored.json<{ score: { currentScore: number } }>().score.currentScore).toBe(100);
    expect((await get(reader, `/api/v1/user/overall-score/${upper}`)).json()).toEqual({
      success: true,
      score: 100,
      certificateIssued: false,
    });
  });

  it('counts unanswered questions as wrong (score over all questions of the quiz)', async () => {
    const someone = await createUser(t, 'EndUser');
    await get(someone, `/api/v1/course/enroll/${course._id}`);
    const { resourceId, questions } = quizOf(course);
    const response = await submit(someone, course._id, {
      resourceId,
      quizAnswers: [{ _id: questions[0]!._id, answer: questions[0]!.correctanswer }],
    });
    expect(response.json<{ score: { currentScore: number } }>().score.currentScore).toBeCloseTo(100 / 3);
    const none = await submit(someone, course._id, { resourceId, quizAnswers: [] });
    expect(none.json<{ score: { currentScore: number } }>().score.currentScore).toBe(0);
  });

  it('refuses unknown or repeated question ids (400) and a resource that is not a quiz of this course (404)', async () => {
    const someone = await createUser(t, 'EndUser');
    await get(someone, `/api/v1/course/enroll/${course._id}`);
    const { resourceId, questions } = quizOf(course);
    const first = questions[0]!;

    const unknown = await submit(someone, course._id, {
      resourceId,
      quizAnswers: [{ _id: 'not-a-question', answer: 'x' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'quizAnswers.0._id' }],
    });

    const repeated = await submit(someone, course._id, {
      resourceId,
      quizAnswers: [
        { _id: first._id, answer: first.correctanswer },
        { _id: first._id, answer: first.correctanswer },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ errors: [{ path: 'quizAnswers.1._id' }] });

    const video = course.course_section[0]!.resources[0]!._id;
    expect((await submit(someone, course._id, { resourceId: video, quizAnswers: [] })).statusCode).toBe(404);
    const elsewhere = await createApprovedCourse(t, owner, admin);
    const foreignQuiz = quizOf(elsewhere).resourceId;
    const foreign = await submit(someone, course._id, { resourceId: foreignQuiz, quizAnswers: [] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await submit(someone, course._id, { quizAnswers: [] })).statusCode).toBe(400);
    expect(
      (
        await submit(someone, course._id, {
          resourceId,
          quizAnswers: [{ _id: first._id, answer: 'a\u0000' }],
        })
      ).statusCode,
    ).toBe(400);
    // A lone surrogate, which the answers' jsonb refused (a 500), in an answer and in a list of them.
    for (const answer of ['\ud800', ['\udfff', 'b']])
      expect(
        (await submit(someone, course._id, { resourceId, quizAnswers: [{ _id: first._id, answer }] }))
          .statusCode,
      ).toBe(400);
    // None of the refused submissions was recorded.
    const attempts = await t.db
      .select({ n: count() })
      .from(quizAttempts)
      .where(eq(quizAttempts.userId, someone.id));
    expect(attempts[0]!.n).toBe(0);
  });

  it('requires enrolment to study an approved course (403) and hides unapproved ones (404)', async () => {
    const stranger = await createUser(t, 'EndUser');
    const notEnrolled = await get(stranger, `/api/v1/user/course/${course._id}`);
    expect(notEnrolled.statusCode).toBe(403);
    // It names the course, so the page a shared link opens can say which one there is to join.
    expect(notEnrolled.json()).toMatchObject({
      code: 'NOT_ENROLLED',
      course: { id: course._id, title: course.title, title_tr: course.title_tr },
    });
    expect((await get(stranger, `/api/v1/user/overall-score/${course._id}`)).statusCode).toBe(403);
    expect((await submit(stranger, course._id, answers(course, 3))).statusCode).toBe(403);

    const pending = await createCourse(t, owner);
    expect((await get(stranger, `/api/v1/user/course/${pending._id}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/v1/course/enroll/${pending._id}`)).statusCode).toBe(404);
    // Its owner may preview it, with answers stripped as for everyone in this view.
    const preview = await get(owner, `/api/v1/user/course/${pending._id}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('correctanswer');
  });

  it('keeps an unavailable course open to enrolled learners but closed to new ones', async () => {
    const hidden = await createApprovedCourse(t, owner, admin);
    const enrolledLearner = await createUser(t, 'EndUser');
    await get(enrolledLearner, `/api/v1/course/enroll/${hidden._id}`);
    await courseAction(t, admin, 'toggle-available', hidden._id);

    const newcomer = await createUser(t, 'EndUser');
    const refused = await get(newcomer, `/api/v1/course/enroll/${hidden._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COURSE_NOT_AVAILABLE' });
    expect((await get(enrolledLearner, `/api/v1/user/course/${hidden._id}`)).statusCode).toBe(200);

    // Revoking approval closes it to everyone but staff.
    await courseAction(t, admin, 'pending', hidden._id);
    expect((await get(enrolledLearner, `/api/v1/user/course/${hidden._id}`)).statusCode).toBe(404);
  });

  it('reports the overall score as 0 for a course whose quizzes were never attempted, and answers in Arabic', async () => {
    const fresh = await createApprovedCourse(t, owner, admin);
    const someone = await createUser(t, 'EndUser');
    const enrolled = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/enroll/${fresh._id}`,
      headers: { ...someone.auth, 'accept-language': 'ar' },
    });
    expect(enrolled.json()).toEqual({ success: true, message: 'تم التسجيل في الدورة بنجاح' });
    expect((await get(someone, `/api/v1/user/overall-score/${fresh._id}`)).json()).toEqual({
      success: true,
      score: 0,
      certificateIssued: false,
    });
  });
});
