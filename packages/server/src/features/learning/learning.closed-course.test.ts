import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  answers,
  courseAction,
  createApprovedCourse,
  videoOf,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

/**
 * Decision 104: an approved course taken out of the catalogue cannot be joined, so a learner who has
 * not joined it is told that (403 COURSE_NOT_AVAILABLE) where they used to be told to enrol (403
 * NOT_ENROLLED), which sent them to a "Start Learning" that could only fail. Enrolled learners keep it
 * (decision 008); its owner and the administrators still preview it.
 */
describe('studying an approved course out of the catalogue without being enrolled', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let enrolled: TestUser;
  let course: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    enrolled = await createUser(t, 'EndUser');
    course = await createApprovedCourse(t, owner, admin);
    expect((await get(enrolled, `/course/enroll/${course._id}`)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'toggle-available', course._id)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { ...user.auth, 'accept-language': lang },
    });

  it('answers 403 COURSE_NOT_AVAILABLE on every study route, in the caller’s language', async () => {
    const newcomer = await createUser(t, 'EndUser');
    const closed = { success: false, code: 'COURSE_NOT_AVAILABLE' };

    const view = await get(newcomer, `/user/course/${course._id}`);
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({ ...closed, message: 'This course is not open for enrolment.' });
    const arabic = await get(newcomer, `/user/course/${course._id}`, 'ar');
    expect(arabic.json()).toEqual({ ...closed, message: 'هذه الدورة غير متاحة للتسجيل.' });

    for (const url of [`/user/overall-score/${course._id}`, `/user/course/${course._id}/progress`]) {
      const response = await get(newcomer, url);
      expect([url, response.statusCode, response.json()]).toMatchObject([url, 403, closed]);
    }
    const completion = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/course/${course._id}/completion/${videoOf(course)}`,
      headers: newcomer.auth,
    });
    expect([completion.statusCode, completion.json()]).toMatchObject([403, closed]);
    const quiz = await t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${course._id}`,
      headers: newcomer.auth,
      payload: answers(course, 3),
    });
    expect([quiz.statusCode, quiz.json()]).toMatchObject([403, closed]);

    // The same thing enrolling says, so the answer reveals nothing enrolling did not.
    const enrol = await get(newcomer, `/course/enroll/${course._id}`);
    expect([enrol.statusCode, enrol.json()]).toMatchObject([409, closed]);
  });

  it('keeps it open to the learners enrolled before, and to its owner and the administrators', async () => {
    for (const user of [enrolled, owner, admin])
      expect((await get(user, `/user/course/${course._id}`)).statusCode).toBe(200);
    expect((await get(enrolled, `/user/overall-score/${course._id}`)).statusCode).toBe(200);
  });

  it('says NOT_ENROLLED again once the course is back in the catalogue', async () => {
    const newcomer = await createUser(t, 'EndUser');
    expect((await get(newcomer, `/user/course/${course._id}`)).json()).toMatchObject({
      code: 'COURSE_NOT_AVAILABLE',
    });
    expect((await courseAction(t, admin, 'toggle-available', course._id)).statusCode).toBe(200);
    try {
      const view = await get(newcomer, `/user/course/${course._id}`);
      expect([view.statusCode, view.json()]).toMatchObject([403, { code: 'NOT_ENROLLED' }]);
    } finally {
      expect((await courseAction(t, admin, 'toggle-available', course._id)).statusCode).toBe(200);
    }
  });

  it('still hides a course that is not approved (404), whether in the catalogue or not', async () => {
    const newcomer = await createUser(t, 'EndUser');
    const revoked = await createApprovedCourse(t, owner, admin);
    expect((await courseAction(t, admin, 'toggle-available', revoked._id)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'pending', revoked._id)).statusCode).toBe(200);
    expect((await get(newcomer, `/user/course/${revoked._id}`)).statusCode).toBe(404);
  });
});
