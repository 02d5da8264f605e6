import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courses, enrollments } from '../db/schema.ts';
import { createApprovedCourse } from '../test/course-fixtures.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('an API route asked with a method it does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is 405 with Allow and the envelope, in the reader language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/health?x=1',
      headers: { 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      message: 'لا يقبل هذا المسار في الواجهة البرمجية طلبات POST؛ يقبل GET, HEAD.',
    });
  });

  it('names every method of a route with parameters, whatever the id', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/course/some-id' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, PATCH');
    expect(response.json<{ message: string }>().message).toBe(
      'This API route does not accept DELETE requests; it accepts GET, HEAD, PATCH.',
    );
  });

  it('answers HEAD 405 on the GET routes that change state, running nothing', async () => {
    const admin = await createUser(t, 'SuperAdmin');
    const owner = await createUser(t, 'Contributor');
    const course = await createApprovedCourse(t, owner, admin);
    const editing = async () =>
      (await t.db.select({ on: courses.enableEditing }).from(courses).where(eq(courses.id, course._id)))[0]!
        .on;
    const before = await editing();
    for (const url of [
      `/api/v1/course/toggle-editing/${course._id}`,
      `/api/v1/course/toggle-available/${course._id}`,
      `/api/v1/course/archive/${course._id}`,
      `/api/v1/course/enroll/${course._id}`,
    ]) {
      const response = await t.app.inject({ method: 'HEAD', url, headers: admin.auth });
      expect(response.statusCode, url).toBe(405);
      expect(response.headers.allow, url).toBe('GET');
    }
    expect(await editing()).toBe(before);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.courseId, course._id))).toEqual([]);
    // A GET that only reads keeps its HEAD.
    const read = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/course/${course._id}`,
      headers: admin.auth,
    });
    expect(read.statusCode).toBe(200);
  });

  it('leaves an address no method answers a 404, and pages and files as they were', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/nope'],
      ['GET', '/api/v1/course/a/b/c'],
      ['POST', '/dashboard'],
      ['DELETE', '/assets/app.js'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers.allow, `${method} ${url}`).toBeUndefined();
    }
  });
});
