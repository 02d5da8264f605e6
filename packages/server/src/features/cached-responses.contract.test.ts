import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListResponseSchema, learnerCourseResponseSchema } from '@app/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { submitAttempt, createApprovedCourse, type CreatedCourse } from '../test/course-fixtures.ts';

/**
 * Decision 036: the catalogue and the learner's course view are sent as JSON text joined from cached
 * fragments, which Fastify sends as is — the route's response schema is not applied to them. So these
 * answers are parsed here with the contract's schemas, on a cache miss and on a hit: parsing strips
 * unknown keys, so equality with the raw JSON also proves nothing extra (such as a quiz key) is sent.
 */
describe('responses rendered from cached JSON fragments keep the contract', () => {
  let t: TestApp;
  let learner: TestUser;
  let enrolledIn: CreatedCourse;
  let notEnrolledIn: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    learner = await createUser(t, 'EndUser');
    enrolledIn = await createApprovedCourse(t, owner, admin, { title: 'Joined "quoted" \u2028 عربي' });
    notEnrolledIn = await createApprovedCourse(t, owner, admin, { title: 'Not joined' });
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/enroll/${enrolledIn._id}`,
      headers: learner.auth,
    });
    const submitted = await submitAttempt(t, learner, enrolledIn, 2);
    expect(submitted.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const fetch = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: learner.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.body;
  };

  it('the catalogue: a miss and a hit answer the same JSON, which the list schema parses unchanged', async () => {
    t.app.caches.clearAll();
    const miss = await fetch('/course/approved');
    expect(t.app.caches.catalogue.size).toBe(1);
    const hit = await fetch('/course/approved');
    expect(hit).toBe(miss);
    const json: unknown = JSON.parse(hit);
    expect(courseListResponseSchema.parse(json)).toEqual(json);

    const data = courseListResponseSchema.parse(json).data;
    const joined = data.find((course) => course._id === enrolledIn._id);
    expect(joined).toMatchObject({ enrolled: true, enrolled_users: [learner.id], title: enrolledIn.title });
    expect(joined?.progress).toBeCloseTo(200 / 9, 9); // a quiz at 2/3 of three items
    const other = data.find((course) => course._id === notEnrolledIn._id);
    expect(other).toMatchObject({ enrolled: false, enrolled_users: [] });
    expect(other).not.toHaveProperty('progress');
  });

  it('the learner view: a miss and a hit answer the same JSON, which its schema parses unchanged', async () => {
    t.app.caches.clearAll();
    const miss = await fetch(`/user/course/${enrolledIn._id}`);
    expect(t.app.caches.courses.size).toBe(1);
    const hit = await fetch(`/user/course/${enrolledIn._id}`);
    expect(hit).toBe(miss);
    expect(hit).not.toContain('correctanswer');
    const json: unknown = JSON.parse(hit);
    expect(learnerCourseResponseSchema.parse(json)).toEqual(json);
    const data = learnerCourseResponseSchema.parse(json).data;
    expect(data).toMatchObject({ _id: enrolledIn._id, enrolled: true, enrolled_users: [learner.id] });
    expect(data.quizScore).toHaveLength(1);
    expect(data.quizScore[0]!.score).toBeCloseTo(200 / 3, 9);
  });

  it('with the caches bypassed (notifications down) the answers are the same', async () => {
    const cachedCatalogue = await fetch('/course/approved');
    const cachedView = await fetch(`/user/course/${enrolledIn._id}`);
    t.app.caches.setLive(false);
    try {
      expect(await fetch('/course/approved')).toBe(cachedCatalogue);
      expect(await fetch(`/user/course/${enrolledIn._id}`)).toBe(cachedView);
      expect(t.app.caches.catalogue.size).toBe(0);
    } finally {
      t.app.caches.setLive(true);
    }
  });
});
