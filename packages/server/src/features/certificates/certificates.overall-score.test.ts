import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import type { App } from '../../app.ts';
import { createTestApp, openSecondInstance, type SecondInstance, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  createApprovedCourse,
  patchCourse,
  submitAttempt,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

/**
 * Decision 104: the overall score says whether the caller holds the course's certificate, so the
 * viewer keeps offering a certificate already issued after the score drops below 80 (the server keeps
 * it: "then kept even if the score later drops"). Answered from the learner caches, never stale on
 * another instance.
 */
describe('the overall score names an issued certificate', () => {
  let t: TestApp;
  let b: SecondInstance;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    b = await openSecondInstance(t);
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  const get = (app: App, user: TestUser, url: string) =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.auth });
  const overall = async (app: App, user: TestUser, courseId: string) => {
    const response = await get(app, user, `/user/overall-score/${courseId}`);
    expect(response.statusCode).toBe(200);
    return response.json<unknown>();
  };
  /** A learner enrolled in a new course (one quiz) who answered all of it right: 100. */
  const certifiable = async () => {
    const learner = await createUser(t, 'EndUser');
    const course = await createApprovedCourse(t, owner, admin);
    expect((await get(t.app, learner, `/course/enroll/${course._id}`)).statusCode).toBe(200);
    expect((await submitAttempt(t, learner, course, 3)).statusCode).toBe(200);
    return { learner, course };
  };
  /** The author adds a second quiz, never attempted: the learner's overall score halves. */
  const addQuiz = async (course: CreatedCourse) => {
    const current = (await get(t.app, owner, `/course/${course._id}`)).json<{ data: Course }>().data;
    const quiz = {
      type: 'quiz' as const,
      title: 'Added later',
      description: 'One more question.',
      quiz: [{ question: 'Late?', options: [{ name: 'Yes' }, { name: 'No' }], correctanswer: 'Yes' }],
    };
    const edited = {
      ...current,
      coursesection: [...current.course_section, { title: 'More', description: 'More', resources: [quiz] }],
    };
    expect((await patchCourse(t, owner, course._id, edited)).statusCode).toBe(200);
  };

  it('is false until the certificate is issued, true after, and stays true when the score drops below 80', async () => {
    const { learner, course } = await certifiable();
    expect(await overall(t.app, learner, course._id)).toEqual({
      success: true,
      score: 100,
      certificateIssued: false,
    });

    expect((await get(t.app, learner, `/user/certificate/${course._id}`)).statusCode).toBe(200);
    expect(await overall(t.app, learner, course._id)).toEqual({
      success: true,
      score: 100,
      certificateIssued: true,
    });

    await addQuiz(course);
    expect(await overall(t.app, learner, course._id)).toEqual({
      success: true,
      score: 50,
      certificateIssued: true,
    });
    // The certificate the item opens is still there.
    expect((await get(t.app, learner, `/user/certificate/${course._id}`)).statusCode).toBe(200);
  });

  it('is answered from the cache once warm, and only for the course whose certificate it is', async () => {
    const { learner, course } = await certifiable();
    const other = await createApprovedCourse(t, owner, admin);
    expect((await get(t.app, learner, `/course/enroll/${other._id}`)).statusCode).toBe(200);
    expect((await get(t.app, learner, `/user/certificate/${course._id}`)).statusCode).toBe(200);

    expect(await overall(t.app, learner, course._id)).toMatchObject({ certificateIssued: true });
    expect(t.app.caches.certified.get(learner.id)).toEqual(new Set([course._id]));
    expect(await overall(t.app, learner, other._id)).toMatchObject({ certificateIssued: false });
  });

  it('a certificate issued on A shows in B’s very next overall score (B had it cached as not issued)', async () => {
    const { learner, course } = await certifiable();
    expect(await overall(b.app, learner, course._id)).toMatchObject({ certificateIssued: false });
    expect(b.app.caches.certified.get(learner.id)).toEqual(new Set());

    expect((await get(t.app, learner, `/user/certificate/${course._id}`)).statusCode).toBe(200);
    expect(await overall(b.app, learner, course._id)).toMatchObject({ certificateIssued: true });
  });

  it('with the caches bypassed (notifications down) the answer is the same', async () => {
    const { learner, course } = await certifiable();
    expect((await get(t.app, learner, `/user/certificate/${course._id}`)).statusCode).toBe(200);
    t.app.caches.setLive(false);
    try {
      expect(await overall(t.app, learner, course._id)).toEqual({
        success: true,
        score: 100,
        certificateIssued: true,
      });
      expect(t.app.caches.certified.size).toBe(0);
    } finally {
      t.app.caches.setLive(true);
    }
  });
});
