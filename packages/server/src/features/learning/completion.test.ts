import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseProgress, CourseSummary } from '@app/shared';
import { lessonCompletions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  submitAttempt,
  createApprovedCourse,
  createCourse,
  lessonOf,
  quizOf,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

/** The course of `courseBody`: a video, a PDF and a three-question quiz — three items of progress. */
const lessonsOf = (course: CreatedCourse) => ({
  video: lessonOf(course, 'video'),
  pdf: lessonOf(course, 'pdf'),
});

describe('learning: lesson completion and course progress (decision 033)', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let learner: TestUser;
  let other: TestUser;
  let course: CreatedCourse;
  let otherCourse: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    other = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin);
    otherCourse = await createApprovedCourse(t, owner, admin);
    for (const user of [learner, other])
      for (const id of [course._id, otherCourse._id])
        await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${id}`, headers: user.auth });
  });
  afterAll(() => t.close());

  const complete = (user: TestUser, courseId: string, resourceId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/course/${courseId}/completion/${resourceId}`,
      headers: user.auth,
    });
  const progressOf = async (user: TestUser, courseId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/course/${courseId}/progress`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CourseProgress }>().data;
  };
  const rowsFor = async (user: TestUser, resourceId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, user.id), eq(lessonCompletions.resourceId, resourceId)));
    return row!.n;
  };

  it('completes a lesson idempotently: twice is one row and the same progress', async () => {
    expect(await progressOf(learner, course._id)).toEqual({ completed: [], progress: 0 });
    const { video } = lessonsOf(course);
    const first = await complete(learner, course._id, video);
    const second = await complete(learner, course._id, video);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const data = first.json<{ data: CourseProgress }>().data;
    expect(data.completed).toEqual([video]);
    expect(data.progress).toBeCloseTo(100 / 3, 9);
    expect(await rowsFor(learner, video)).toBe(1);
  });

  it('keeps completion per learner', async () => {
    const { pdf } = lessonsOf(course);
    expect((await complete(other, course._id, pdf)).statusCode).toBe(200);
    const theirs = await progressOf(other, course._id);
    expect(theirs.completed).toEqual([pdf]);
    expect(theirs.progress).toBeCloseTo(100 / 3, 9);
    expect((await progressOf(learner, course._id)).completed).toEqual([lessonsOf(course).video]);
    expect(await rowsFor(learner, pdf)).toBe(0);
  });

  it('counts lessons and quiz scores together; the overall (certificate) score stays quiz-only', async () => {
    const quiz = await submitAttempt(t, learner, course, 2);
    expect(quiz.statusCode).toBe(200);
    // (1 completed lesson + 2/3 of the quiz) of 3 items.
    expect((await progressOf(learner, course._id)).progress).toBeCloseTo(((1 + 2 / 3) * 100) / 3, 9);
    expect((await complete(learner, course._id, lessonsOf(course).pdf)).statusCode).toBe(200);
    expect((await progressOf(learner, course._id)).progress).toBeCloseTo(((2 + 2 / 3) * 100) / 3, 9);
    const overall = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/overall-score/${course._id}`,
      headers: learner.auth,
    });
    expect(overall.json<{ score: number }>().score).toBeCloseTo(200 / 3, 9);
  });

  it('shows each enrolled card its progress in the catalogue page, and none on other cards', async () => {
    const stranger = await createUser(t, 'EndUser');
    // A third enrolled course at the same progress as another: the two cards share their end's bytes.
    const third = await createApprovedCourse(t, owner, admin);
    await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${third._id}`, headers: learner.auth });
    const page = async (user: TestUser) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/course/approved?limit=50', headers: user.auth })
      ).json<{ data: CourseSummary[] }>().data;
    const mine = await page(learner);
    expect(mine.find((c) => c._id === course._id)!.progress).toBeCloseTo(((2 + 2 / 3) * 100) / 3, 9);
    for (const zero of [otherCourse, third]) {
      expect(mine.find((c) => c._id === zero._id)).toMatchObject({
        _id: zero._id,
        enrolled: true,
        enrolled_users: [learner.id],
        progress: 0,
      });
    }
    const theirs = await page(stranger);
    expect(theirs.find((c) => c._id === course._id)).not.toHaveProperty('progress');
  });

  it('refuses quizzes, other courses’ resources and unknown ids with 404, bad ids with 400', async () => {
    const { resourceId: quizId } = quizOf(course);
    expect((await complete(learner, course._id, quizId)).statusCode).toBe(404);
    const foreign = await complete(learner, course._id, lessonsOf(otherCourse).video);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false });
    expect((await complete(learner, course._id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await complete(learner, course._id, 'not-a-uuid')).statusCode).toBe(400);
    expect((await complete(learner, 'nope', lessonsOf(course).video)).statusCode).toBe(400);
    expect(await rowsFor(learner, lessonsOf(otherCourse).video)).toBe(0);
  });

  it('requires the right to study: 403 when not enrolled, 404 for unapproved courses, 401 signed out', async () => {
    const stranger = await createUser(t, 'EndUser');
    const { video } = lessonsOf(course);
    const notEnrolled = await complete(stranger, course._id, video);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toMatchObject({ code: 'NOT_ENROLLED' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/user/course/${course._id}/progress`,
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(403);
    const pending = await createCourse(t, owner);
    expect((await complete(stranger, pending._id, lessonsOf(pending).video)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/v1/user/course/${course._id}/completion/${video}` }))
        .statusCode,
    ).toBe(401);
    expect(await rowsFor(stranger, video)).toBe(0);
  });
});
