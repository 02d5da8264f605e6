import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { CourseListResponse } from '@app/shared';
import { courses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createApprovedCourse } from '../../test/course-fixtures.ts';

/**
 * "Load more" pages of the catalogue start after the last course shown (decision 055), so courses
 * approved or withdrawn between two pages neither push a course out of view nor bring one back.
 * Malformed cursors are refused with the other bad page parameters in `courses.pagination.test.ts`.
 */
describe('the catalogue: pages after a cursor', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let learner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
    learner = await createUser(t, 'EndUser');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push((await createApprovedCourse(t, owner, admin, { title: `Paged ${i}` }))._id);
    }
    // Equal update times to the microsecond: only the id orders these, so the cursor's id half counts.
    await t.db
      .update(courses)
      .set({ updatedAt: sql`'2026-01-01T00:00:00.123456Z'::timestamptz` })
      .where(inArray(courses.id, ids));
    await t.app.caches.settle();
  }, 120_000);
  afterAll(() => t.close());

  async function catalogue(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/approved?${query}`,
      headers: learner.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CourseListResponse>();
  }

  const idsOf = (page: CourseListResponse) => page.data.map((course) => course._id);

  it('walks every course once, in order, with each page’s offset, and says null after the last', async () => {
    const all = await catalogue('limit=100');
    expect(all.pagination).toEqual({ total: 8, limit: 100, offset: 0, next: null });
    const walked: string[] = [];
    const offsets: number[] = [];
    let page = await catalogue('limit=3');
    for (;;) {
      walked.push(...idsOf(page));
      offsets.push(page.pagination.offset);
      expect(page.pagination.total).toBe(8);
      if (!page.pagination.next) break;
      expect(page.pagination.next).toMatch(/^\d+~[0-9a-f-]{36}$/);
      page = await catalogue(`limit=3&after=${encodeURIComponent(page.pagination.next)}`);
    }
    expect(walked).toEqual(idsOf(all));
    expect(offsets).toEqual([0, 3, 6]);
    expect(page.data).toHaveLength(2);
  });

  it('starts after the last course shown when courses were withdrawn and approved in between', async () => {
    const before = idsOf(await catalogue('limit=100'));
    const first = await catalogue('limit=3');
    expect(idsOf(first)).toEqual(before.slice(0, 3));
    // Meanwhile: a course on the first page is withdrawn and two new ones are approved (both newest).
    expect((await courseAction(t, admin, 'toggle-available', before[1]!)).statusCode).toBe(200);
    await createApprovedCourse(t, owner, admin, { title: 'Approved meanwhile A' });
    await createApprovedCourse(t, owner, admin, { title: 'Approved meanwhile B' });

    const second = await catalogue(`limit=3&after=${encodeURIComponent(first.pagination.next!)}`);
    // Exactly the three that followed; by position (offset 3) the list has moved by one.
    expect(idsOf(second)).toEqual(before.slice(3, 6));
    expect(idsOf(await catalogue('limit=3&offset=3'))).not.toEqual(before.slice(3, 6));
    // Its offset counts what is listed up to the cursor now: the two new courses and two of the three.
    expect(second.pagination).toMatchObject({ total: 9, limit: 3, offset: 4 });
  });

  it('takes a cursor of a course no longer listed, or of none, as a place in the order', async () => {
    const page = await catalogue('limit=100&after=9007199254740991~00000000-0000-0000-0000-000000000000');
    expect(page.data.length).toBe(page.pagination.total);
    expect(page.pagination).toMatchObject({ offset: 0, next: null });
    const none = await catalogue('after=1~00000000-0000-0000-0000-000000000000');
    expect(none).toMatchObject({ data: [], pagination: { next: null } });
    expect(none.pagination.offset).toBe(none.pagination.total);
  });
});
