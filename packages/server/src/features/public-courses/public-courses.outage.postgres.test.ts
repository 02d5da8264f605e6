import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createApprovedCourse } from '../../test/course-fixtures.ts';
import { expectErrorPage, securityHeadersOf } from './public-courses.test-helpers.ts';

/**
 * The public pages while PostgreSQL refuses connections (as in db/database-outage.postgres.test.ts:
 * the database closed to new connections and the app's own terminated), so only the PostgreSQL
 * project runs it.
 */
describe('public course pages during a database outage', () => {
  let t: TestApp;
  let courseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    courseId = (await createApprovedCourse(t, owner, admin))._id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers 503 with Retry-After as a page in its language, then the pages again once the database is back', async () => {
    const pageHeaders = (await get(`/courses/${courseId}?lang=en`)).headers;
    await t.postgres!.whileAway(async () => {
      for (const [url, headers, lang, heading] of [
        [`/courses/${courseId}?lang=en`, {}, 'en', 'The courses are briefly unavailable'],
        [`/courses/${courseId}`, { 'accept-language': 'ar' }, 'ar', 'الدورات غير متاحة مؤقتًا'],
        ['/courses?lang=ar', {}, 'ar', 'الدورات غير متاحة مؤقتًا'],
        ['/courses?page=2', {}, 'en', 'The courses are briefly unavailable'],
      ] as const) {
        const response = await get(url, headers);
        expectErrorPage(response, 503, lang, heading);
        expect(response.headers['retry-after'], url).toBe('5');
        expect(securityHeadersOf(response.headers), url).toEqual(securityHeadersOf(pageHeaders));
      }
    });
    expect((await get(`/courses/${courseId}?lang=en`)).statusCode).toBe(200);
    expect((await get('/courses?lang=en')).statusCode).toBe(200);
  });
});
