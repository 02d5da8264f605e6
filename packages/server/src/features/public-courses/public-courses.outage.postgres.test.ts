import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createApprovedCourse } from '../../test/course-fixtures.ts';
import { expectErrorPage, securityHeadersOf } from './public-courses.test-helpers.ts';

/**
 * The public pages while PostgreSQL refuses connections (as in db/database-outage.postgres.test.ts:
 * the database closed to new connections and the app's own terminated), so only the PostgreSQL
 * project runs it. A page read before the outage answers with its last copy (decision 158).
 */
describe('public course pages during a database outage', () => {
  let t: TestApp;
  let courseId: string;
  let unreadId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    courseId = (await createApprovedCourse(t, owner, admin, { title: 'Read before the outage' }))._id;
    unreadId = (await createApprovedCourse(t, owner, admin, { title: 'Never read' }))._id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers 503 with Retry-After as a page in its language, then the pages again once the database is back', async () => {
    const pageHeaders = (await get(`/courses/${courseId}?lang=en`)).headers;
    await t.postgres!.whileAway(async () => {
      for (const [url, headers, lang, heading] of [
        [`/courses/${unreadId}?lang=en`, {}, 'en', 'The courses are briefly unavailable'],
        [`/courses/${unreadId}`, { 'accept-language': 'ar' }, 'ar', 'الدورات غير متاحة مؤقتًا'],
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

  it('shows a page read before as it was, in the language asked for, saying so (decision 158)', async () => {
    // The listener back from any earlier outage: finding its notifications again empties the copies.
    await waitFor(() => t.app.caches.usable, 30_000);
    const before = await get(`/courses/${courseId}?lang=en`);
    expect((await get('/courses?lang=ar')).statusCode).toBe(200);
    await t.postgres!.whileAway(async () => {
      for (const [url, headers, lang, notice] of [
        [
          `/courses/${courseId}?lang=en`,
          {},
          'en',
          'The courses are briefly unavailable, so this is the page as it was on',
        ],
        [
          `/courses/${courseId}`,
          { 'accept-language': 'ar' },
          'ar',
          'الدورات غير متاحة مؤقتًا، لذا هذه الصفحة كما كانت في',
        ],
        [
          '/courses?lang=en',
          {},
          'en',
          'The courses are briefly unavailable, so this is the page as it was on',
        ],
      ] as const) {
        const response = await get(url, headers);
        // Still 503 with Retry-After: crawlers keep the page they have and come back; no cache keeps it.
        expect(response.statusCode, url).toBe(503);
        expect(response.headers['retry-after'], url).toBe('5');
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(securityHeadersOf(response.headers), url).toEqual(securityHeadersOf(before.headers));
        expect(response.body, url).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${lang}"`));
        expect(response.body, url).toContain(notice);
        expect(response.body, url).toMatch(/ UTC[.،]/);
        expect(response.body, url).toContain(`/courses/${courseId}?lang=${lang}`);
      }
      // The course page shows what it showed before (its content, its links), without the cover,
      // whose address needs the database too.
      const copy = (await get(`/courses/${courseId}?lang=en`)).body;
      const contentOf = (body: string) =>
        /<h1>.*<\/ol>/s.exec(body.replace(/<img class="cover"[^>]*>/, ''))?.[0];
      expect(before.body).toContain('<img class="cover"');
      expect(contentOf(copy)).toBeDefined();
      expect(contentOf(copy)).toBe(contentOf(before.body));
      expect(copy).not.toContain('/api/v1/files/');
      // The catalogue's copy lists what the catalogue listed.
      const catalogue = (await get('/courses?lang=en')).body;
      expect(catalogue).toContain('Never read');
      expect(catalogue).not.toContain('/api/v1/files/');
    });
    expect((await get(`/courses/${courseId}?lang=en`)).body).toBe(before.body);
  });
});
