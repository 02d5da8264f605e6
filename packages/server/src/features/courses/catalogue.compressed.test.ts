import zlib, { brotliDecompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseListResponseSchema } from '@app/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  courseAction,
  createApprovedCourse,
  createCourse,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';

/**
 * Decision 051: a catalogue page is one answer for every learner enrolled in none of its courses,
 * compressed once per encoding and kept with the cached page. It must never be staler than the page,
 * and a learner enrolled in one of its courses must still get their own answer.
 */
describe('the catalogue as newcomers get it, compressed once', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let newcomer: TestUser;
  let otherNewcomer: TestUser;
  let joiner: TestUser;
  let joined: CreatedCourse;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, admin, newcomer, otherNewcomer, joiner] = await Promise.all([
      createUser(t, 'Contributor'),
      createUser(t, 'SuperAdmin'),
      createUser(t, 'EndUser'),
      createUser(t, 'EndUser'),
      createUser(t, 'EndUser'),
    ]);
    joined = await createApprovedCourse(t, owner, admin, { title: 'Open data in practice' });
    await createApprovedCourse(t, owner, admin, { title: 'Reproducible research' });
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  async function catalogue(user: TestUser) {
    const answer = await t.app.inject({
      url: '/api/v1/course/approved',
      headers: { ...user.auth, 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const page = courseListResponseSchema.parse(
      JSON.parse(brotliDecompressSync(answer.rawPayload).toString()),
    );
    return { bytes: answer.rawPayload, page, course: (id: string) => page.data.find((c) => c._id === id)! };
  }

  it('newcomers share one answer; a learner enrolled on the page gets their own', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const first = await catalogue(newcomer);
    const second = await catalogue(otherNewcomer);
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(second.bytes).toEqual(first.bytes);
    expect(first.page.data.map((c) => [c.enrolled, c.enrolled_users])).toEqual([
      [false, []],
      [false, []],
    ]);

    expect(
      (await t.app.inject({ url: `/api/v1/course/enroll/${joined._id}`, headers: joiner.auth })).statusCode,
    ).toBe(200);
    const own = await catalogue(joiner);
    expect(own.course(joined._id)).toMatchObject({
      enrolled: true,
      enrolled_users: [joiner.id],
      progress: 0,
    });
    // The enrolment changed the page (its count): the newcomers' shared answer follows at once.
    const after = await catalogue(newcomer);
    expect(after.course(joined._id)).toMatchObject({
      enrolled: false,
      enrolled_users: [],
      enrolled_count: first.course(joined._id).enrolled_count + 1,
    });
  });

  it('a course approved later is in the newcomers’ answer at once', async () => {
    const before = await catalogue(newcomer);
    const course = await createCourse(t, owner, { title: 'Open peer review' });
    expect((await courseAction(t, admin, 'approve', course._id)).statusCode).toBe(200);
    const after = await catalogue(otherNewcomer);
    expect(after.page.pagination.total).toBe(before.page.pagination.total + 1);
    expect(after.course(course._id).title).toBe('Open peer review');
  });
});
