import zlib, { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseListResponseSchema, learnerCourseResponseSchema } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { submitAttempt, createApprovedCourse, type CreatedCourse } from '../../test/course-fixtures.ts';

/**
 * Decision 057: the catalogue of a learner enrolled on the page and the learner's course view are
 * joined per caller from cached bytes, and go to a client that takes gzip as one gzip member joined
 * from those bytes deflated once and the caller's own fields. What the client inflates must be, byte
 * for byte, the answer a client without compression gets.
 */
describe('per-caller answers gzip-joined from cached bytes', () => {
  let t: TestApp;
  let learner: TestUser;
  let courses: CreatedCourse[];

  beforeAll(async () => {
    t = await createTestApp();
    const [owner, admin] = await Promise.all([createUser(t, 'Contributor'), createUser(t, 'SuperAdmin')]);
    learner = await createUser(t, 'EndUser');
    courses = [];
    for (const title of ['First "quoted" \u2028', 'البيانات المفتوحة', 'Third', 'Fourth'])
      courses.push(await createApprovedCourse(t, owner, admin, { title }));
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v1${url}`, headers: { ...learner.auth, ...headers } });
  const enrol = async (course: CreatedCourse) =>
    expect((await get(`/course/enroll/${course._id}`)).statusCode).toBe(200);

  /** The answer to a browser (gzip-joined) and to a client without compression, both parsed. */
  async function bothWays(url: string) {
    const browser = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const plain = await get(url);
    expect([browser.statusCode, plain.statusCode]).toEqual([200, 200]);
    expect(browser.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
    const inflated = gunzipSync(browser.rawPayload).toString();
    expect(inflated).toBe(plain.body);
    return JSON.parse(inflated) as unknown;
  }

  it('the catalogue, for every place of the caller’s courses on the page, inflates to the plain answer', async () => {
    // Newest first: the page is [Fourth, Third, البيانات, First]. Enrolled at its end, then its
    // start and middle too: the runs between the caller's fields are empty, short and long.
    const joined = new Set<string>();
    for (const course of [courses[0]!, courses[3]!, courses[1]!]) {
      await enrol(course);
      joined.add(course._id);
      const page = courseListResponseSchema.parse(await bothWays('/course/approved'));
      expect(page.data.map((c) => c._id)).toEqual(courses.map((c) => c._id).reverse());
      for (const row of page.data) {
        if (joined.has(row._id)) expect(row).toMatchObject({ enrolled: true, enrolled_users: [learner.id] });
        else expect(row).toMatchObject({ enrolled: false, enrolled_users: [] });
      }
    }
  });

  it('the catalogue’s runs are deflated once per page; another learner with the same courses reuses them', async () => {
    const twin = await createUser(t, 'EndUser');
    for (const course of [courses[0]!, courses[3]!, courses[1]!])
      await t.app.inject({ url: `/api/v1/course/enroll/${course._id}`, headers: twin.auth });
    await bothWays('/course/approved'); // the page is cached again after the enrolments
    const deflate = vi.spyOn(zlib, 'deflateRawSync');
    const compress = [vi.spyOn(zlib, 'brotliCompressSync'), vi.spyOn(zlib, 'gzipSync')];
    await bothWays('/course/approved');
    const answer = await t.app.inject({
      url: '/api/v1/course/approved',
      headers: { ...twin.auth, 'accept-encoding': 'gzip' },
    });
    const page = courseListResponseSchema.parse(JSON.parse(gunzipSync(answer.rawPayload).toString()));
    expect(page.data.filter((c) => c.enrolled).every((c) => c.enrolled_users[0] === twin.id)).toBe(true);
    expect(deflate).not.toHaveBeenCalled();
    for (const spy of compress) expect(spy).not.toHaveBeenCalled();
  });

  it('the course view, with the caller’s best scores, inflates to the plain answer; the course is deflated once', async () => {
    const course = courses[1]!;
    const posted = await submitAttempt(t, learner, course, 2);
    expect(posted.statusCode).toBe(200);
    const deflate = vi.spyOn(zlib, 'deflateRawSync');
    const view = learnerCourseResponseSchema.parse(await bothWays(`/user/course/${course._id}`));
    expect(view.data).toMatchObject({ _id: course._id, enrolled: true, enrolled_users: [learner.id] });
    expect(view.data.quizScore[0]!.score).toBeCloseTo(200 / 3, 9);
    expect(JSON.stringify(view)).not.toContain('correctanswer');
    await bothWays(`/user/course/${course._id}`);
    expect(deflate).toHaveBeenCalledTimes(1);
  });
});
