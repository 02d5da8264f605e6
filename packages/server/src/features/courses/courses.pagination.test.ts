import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { PAGE, type CourseListResponse } from '@app/shared';
import { courses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createCourse } from '../../test/course-fixtures.ts';

const ZERO_ID = '00000000-0000-0000-0000-000000000000';

/** Every course list is paged (decision 018): stable order, enforced limits, totals, 400 on bad input. */
describe('courses: pagination of every list', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let learner: TestUser;
  const created: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
    learner = await createUser(t, 'EndUser');
    for (let i = 0; i < 25; i++) {
      const course = await createCourse(t, owner, { title: `Course ${String(i).padStart(2, '0')}` });
      if (i < 23) await courseAction(t, admin, 'approve', course._id);
      created.push(course._id);
    }
    // Ties on the sort key: every course last updated at the same instant, so only the id orders them.
    await t.db
      .update(courses)
      .set({ updatedAt: sql`'2026-01-01T00:00:00Z'::timestamptz` })
      .where(inArray(courses.id, created));
  }, 120_000);
  afterAll(() => t.close());

  async function page(user: TestUser, url: string, lang = 'en') {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...user.auth, 'accept-language': lang },
    });
    expect(response.statusCode).toBe(200);
    return response.json<CourseListResponse>();
  }

  async function walk(user: TestUser, base: string, limit: number) {
    const ids: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const sep = base.includes('?') ? '&' : '?';
      const result = await page(user, `${base}${sep}limit=${limit}&offset=${offset}`);
      expect(result.pagination).toMatchObject({ limit, offset });
      expect(result.data.length).toBeLessThanOrEqual(limit);
      ids.push(...result.data.map((course) => course._id));
      if (result.data.length < limit) return { ids, total: result.pagination.total };
    }
  }

  it.each([
    ['the catalogue', '/api/v1/course/approved', () => learner, 23],
    ['the administrators’ list', '/api/v1/course', () => admin, 25],
    ['a contributor’s list', '', () => owner, 25],
  ])(
    '%s: pages in a stable order (ties broken by id), no course twice or missed',
    async (_, url, who, total) => {
      const base = url || `/api/v1/course/contributor/${owner.id}`;
      const all = await page(who(), `${base}${base.includes('?') ? '&' : '?'}limit=${PAGE.max}`);
      expect(all.pagination.total).toBe(total);
      expect(all.data).toHaveLength(total);
      const walked = await walk(who(), base, 7);
      expect(walked.total).toBe(total);
      expect(walked.ids).toEqual(all.data.map((course) => course._id));
      expect(new Set(walked.ids).size).toBe(total);
      // Newest first, then by id (descending) among equal update times.
      const sorted = [...all.data].sort(
        (a, b) => b.updatedAt.localeCompare(a.updatedAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0),
      );
      expect(all.data.map((c) => c._id)).toEqual(sorted.map((c) => c._id));
    },
  );

  it(`gives ${PAGE.default} courses by default and says how many there are`, async () => {
    const first = await page(learner, '/api/v1/course/approved');
    expect(first.data).toHaveLength(PAGE.default);
    // The catalogue also names where its next page starts (decision 055; catalogue.cursor.test.ts).
    expect(first.pagination).toMatchObject({ total: 23, limit: PAGE.default, offset: 0 });
    expect(first.pagination.next).toBe(`${first.pagination.next?.split('~')[0]}~${first.data.at(-1)?._id}`);
    const beyond = await page(learner, '/api/v1/course/approved?offset=500');
    expect(beyond).toMatchObject({ data: [], pagination: { total: 23, offset: 500, next: null } });
  });

  it('counts only what the search matches, across every page', async () => {
    const found = await page(learner, '/api/v1/course/approved?q=course%2021&limit=1');
    expect(found.pagination.total).toBe(1);
    expect(found.data[0]?.title).toBe('Course 21');
  });

  it('sorts and filters the administrators’ table on the server', async () => {
    const byTitle = await page(admin, '/api/v1/course?sort=title&order=asc&limit=3');
    expect(byTitle.data.map((c) => c.title)).toEqual(['Course 00', 'Course 01', 'Course 02']);
    const byTitleDesc = await page(admin, '/api/v1/course?sort=title&order=desc&limit=2&offset=1');
    expect(byTitleDesc.data.map((c) => c.title)).toEqual(['Course 23', 'Course 22']);
    const pending = await page(admin, '/api/v1/course?status=Pending&limit=10');
    expect(pending.pagination.total).toBe(2);
    expect(pending.data.map((c) => c.status)).toEqual(['Pending', 'Pending']);
    // The same prepared statement, another status: values are taken at each call (decision 052).
    const approved = await page(admin, '/api/v1/course?status=Approved&limit=10');
    expect(approved.pagination.total).toBe(23);
    expect(new Set(approved.data.map((c) => c.status))).toEqual(new Set(['Approved']));
    for (const sort of ['contributor', 'role', 'email', 'status', 'updatedAt']) {
      const result = await page(admin, `/api/v1/course?sort=${sort}&order=asc&limit=5`, 'ar');
      expect(result.pagination.total).toBe(25);
    }
  });

  it.each([
    ['/api/v1/course/approved?limit=0', 'limit'],
    [`/api/v1/course/approved?limit=${PAGE.max + 1}`, 'limit'],
    ['/api/v1/course/approved?limit=ten', 'limit'],
    ['/api/v1/course/approved?limit=2.5', 'limit'],
    ['/api/v1/course/approved?offset=-1', 'offset'],
    [`/api/v1/course/approved?offset=${PAGE.maxOffset + 1}`, 'offset'],
    // Past the largest safe integer: too big, said once (it was said twice, the second limit meaningless).
    ['/api/v1/course/approved?offset=99999999999999999999', 'offset'],
    ['/api/v1/course?limit=1e20', 'limit'],
    // Digits only: Number() reads these as 16, 1000, 5, 5 and 0.
    ['/api/v1/course?limit=0x10', 'limit'],
    ['/api/v1/course/approved?offset=1e3', 'offset'],
    ['/api/v1/course/approved?limit=%205', 'limit'],
    ['/api/v1/course/approved?limit=%2B5', 'limit'],
    ['/api/v1/course/approved?offset=', 'offset'],
    // A catalogue cursor (decision 055) the server did not write, or one given with a position.
    ['/api/v1/course/approved?after=yesterday', 'after'],
    ['/api/v1/course/approved?after=1767225600123456', 'after'],
    ['/api/v1/course/approved?after=1767225600123456~not-a-course-id', 'after'],
    [`/api/v1/course/approved?after=99999999999999999~${ZERO_ID}`, 'after'],
    [`/api/v1/course/approved?after=99999999999999999999999~${ZERO_ID}`, 'after'],
    [`/api/v1/course/approved?after=-1~${ZERO_ID}`, 'after'],
    [`/api/v1/course/approved?after=1767225600123456~${ZERO_ID}&offset=3`, 'offset'],
    ['/api/v1/course?sort=password', 'sort'],
    ['/api/v1/course?order=sideways', 'order'],
    ['/api/v1/course?status=Lost', 'status'],
    ['/api/v1/course/contributor/OWNER?limit=-5', 'limit'],
  ])('refuses %s with 400 and the error envelope', async (url, field) => {
    const response = await t.app.inject({
      method: 'GET',
      url: url.replace('OWNER', owner.id),
      headers: {
        ...(url.includes('approved') ? learner.auth : url.includes('contributor') ? owner.auth : admin.auth),
        'accept-language': 'ar',
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      success: boolean;
      code: string;
      message: string;
      errors?: { path: string }[];
    }>();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    // One error, about that field: a value wrong in two ways is not reported twice alike.
    expect(body.errors?.map((error) => error.path)).toEqual([field]);
  });
});
