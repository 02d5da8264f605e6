import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, Placeholder, sql } from 'drizzle-orm';
import { PAGE, type CourseListResponse, type CourseSummary } from '@app/shared';
import { courses, enrollments } from '../../db/schema.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  completeLesson,
  courseAction,
  createApprovedCourse,
  videoOf,
  type CreatedCourse,
} from '../../test/course-fixtures.ts';
import {
  joinedCount,
  joinedCountAfter,
  joinedCursors,
  joinedPage,
  joinedRows,
  joinedRowsAfter,
  summaryRowsOfIds,
} from './course-lists.repository.ts';

const MINE = '/api/v1/user/courses';

/** `GET /user/courses` (decision 196): the Approved courses the caller joined, most recently joined first. */
describe('courses: the learner’s own courses', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let me: TestUser;
  let other: TestUser;
  const made: CreatedCourse[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
    me = await createUser(t, 'EndUser');
    other = await createUser(t, 'EndUser');
    for (let i = 0; i < 14; i++) {
      made.push(
        await createApprovedCourse(t, owner, admin, { title: `Joined ${String(i).padStart(2, '0')}` }),
      );
    }
  }, 120_000);
  afterAll(() => t.close());

  async function get(user: TestUser, url: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CourseListResponse>();
  }

  const ids = (page: CourseListResponse) => page.data.map((course) => course._id);

  async function enrol(user: TestUser, course: CreatedCourse) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/enroll/${course._id}`,
      headers: user.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The enrolments of `user` in `courses` stamped `at`, so that their order is under the test's control. */
  async function joinedAt(user: TestUser, courses: CreatedCourse[], at: string) {
    await t.db
      .update(enrollments)
      .set({ createdAt: sql`${at}::timestamptz` })
      .where(
        and(
          eq(enrollments.userId, user.id),
          inArray(
            enrollments.courseId,
            courses.map((course) => course._id),
          ),
        ),
      );
    // The app never moves an enrolment's time, so no trigger tells the caches: this test's own write does.
    t.app.caches.apply(`e:${user.id}`);
  }

  async function catalogueRow(user: TestUser, courseId: string): Promise<CourseSummary | undefined> {
    const catalogue = await get(user, `/api/v1/course/approved?limit=${PAGE.max}`);
    return catalogue.data.find((course) => course._id === courseId);
  }

  it('starts empty, and lists only the caller’s enrolled courses, newest joined first', async () => {
    expect(await get(me, MINE)).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, limit: PAGE.default, offset: 0, next: null },
    });
    const [a, b, c, d] = made as [CreatedCourse, CreatedCourse, CreatedCourse, CreatedCourse];
    await enrol(me, a);
    await enrol(me, b);
    await enrol(me, c);
    await enrol(other, d); // another learner's enrolments never appear
    await enrol(other, a);
    await joinedAt(me, [a], '2026-01-01T00:00:00Z');
    await joinedAt(me, [b], '2026-01-03T00:00:00Z');
    await joinedAt(me, [c], '2026-01-02T00:00:00Z');
    await joinedAt(other, [a, d], '2026-02-01T00:00:00Z');
    // A lesson done: progress as the catalogue gives it for an enrolled row.
    expect((await completeLesson(t, me, c._id, videoOf(c))).statusCode).toBe(200);

    const mine = await get(me, MINE);
    expect(ids(mine)).toEqual([b._id, c._id, a._id]);
    expect(mine.pagination).toEqual({ total: 3, limit: PAGE.default, offset: 0, next: null });
    for (const course of mine.data) {
      expect(course).toMatchObject({ enrolled: true, enrolled_users: [me.id], isAvailable: true });
      // Each row is what the catalogue shows the caller for that course.
      expect(course).toEqual(await catalogueRow(me, course._id));
    }
    expect(mine.data[1]?.progress).toBeGreaterThan(0);
    expect(mine.data[0]?.progress).toBe(0);

    const theirs = await get(other, MINE);
    expect(ids(theirs)).toEqual([d._id, a._id].sort().reverse()); // joined at the same instant: by id
    expect(theirs.pagination.total).toBe(2);
    for (const course of theirs.data) expect(course.enrolled_users).toEqual([other.id]);
  });

  it('keeps a course taken out of the catalogue, drops archived and revoked ones, puts a new one first', async () => {
    const [a, b, c] = made as [CreatedCourse, CreatedCourse, CreatedCourse];
    const [e, f, g] = made.slice(4, 7) as [CreatedCourse, CreatedCourse, CreatedCourse];
    await enrol(me, e);
    await enrol(me, f);
    await joinedAt(me, [e, f], '2026-01-04T00:00:00Z');
    // Out of the catalogue: still open to its enrolled learners (decision 104), so still theirs.
    expect((await courseAction(t, admin, 'toggle-available', a._id)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'archive', e._id)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'pending', f._id)).statusCode).toBe(200);
    expect(await catalogueRow(me, a._id)).toBeUndefined();

    const mine = await get(me, MINE);
    expect(ids(mine)).toEqual([b._id, c._id, a._id]);
    expect(mine.pagination.total).toBe(3);
    expect(mine.data[2]).toMatchObject({
      _id: a._id,
      isAvailable: false,
      status: 'Approved',
      enrolled: true,
    });
    // The course itself still opens for them.
    const study = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/course/${a._id}`,
      headers: me.auth,
    });
    expect(study.statusCode).toBe(200);

    // Enrolled after the others (now): first.
    await enrol(me, g);
    const after = await get(me, MINE);
    expect(ids(after)).toEqual([g._id, b._id, c._id, a._id]);
    expect(after.pagination.total).toBe(4);

    // Approved again: listed again, in its place by the time it was joined.
    expect((await courseAction(t, admin, 'approve', f._id)).statusCode).toBe(200);
    expect(ids(await get(me, MINE))).toEqual([g._id, f._id, b._id, c._id, a._id]);
  });

  it('pages in a stable order (ties broken by course id), with the total', async () => {
    const rest = made.slice(7);
    for (const course of rest) await enrol(me, course);
    // Joined at one instant: only the course id orders them.
    await joinedAt(me, rest, '2099-01-01T00:00:00Z');
    const all = await get(me, `${MINE}?limit=${PAGE.max}`);
    const total = 5 + rest.length;
    expect(all.pagination).toEqual({ total, limit: PAGE.max, offset: 0, next: null });
    const tied = rest.map((course) => course._id).sort((x, y) => (x < y ? 1 : -1));
    expect(ids(all).slice(0, rest.length)).toEqual(tied);

    const walked: string[] = [];
    for (let offset = 0; offset < total + 3; offset += 3) {
      const page = await get(me, `${MINE}?limit=3&offset=${offset}`);
      expect(page.pagination).toMatchObject({ total, limit: 3, offset });
      walked.push(...ids(page));
    }
    expect(walked).toEqual(ids(all));
    expect(new Set(walked).size).toBe(total);

    // The same walk after each page's cursor (decision 202): the same courses, the same offsets.
    const cursorWalk: string[] = [];
    let after: string | null | undefined;
    do {
      const page = await get(me, `${MINE}?limit=3${after ? `&after=${after}` : ''}`);
      expect(page.pagination).toMatchObject({ total, limit: 3, offset: cursorWalk.length });
      cursorWalk.push(...ids(page));
      after = page.pagination.next;
    } while (after);
    expect(cursorWalk).toEqual(ids(all));

    // No search: it is ignored, not refused.
    expect(ids(await get(me, `${MINE}?q=nothing-matches&limit=${PAGE.max}`))).toEqual(ids(all));

    const beyond = await get(me, `${MINE}?offset=500`);
    expect(beyond).toEqual({
      success: true,
      data: [],
      pagination: { total, limit: PAGE.default, offset: 500, next: null },
    });
  });

  it('goes on after the last course shown when a course shown leaves between two pages', async () => {
    const first = await get(me, `${MINE}?limit=4`);
    const everything = ids(await get(me, `${MINE}?limit=${PAGE.max}`));
    const leaving = ids(first)[1] as string;
    expect((await courseAction(t, admin, 'archive', leaving)).statusCode).toBe(200);
    // By offset the next page would now skip the fifth course; after the cursor it starts with it.
    const byOffset = await get(me, `${MINE}?limit=4&offset=4`);
    expect(ids(byOffset)).toEqual(everything.slice(5, 9));
    const second = await get(me, `${MINE}?limit=4&after=${first.pagination.next}`);
    expect(ids(second)).toEqual(everything.slice(4, 8));
    expect(second.pagination.offset).toBe(3); // the courses now at or before the cursor
    // Put back for the tests after this one.
    expect((await courseAction(t, admin, 'archive', leaving)).statusCode).toBe(200);
    expect((await courseAction(t, admin, 'approve', leaving)).statusCode).toBe(200);
  });

  it('pages its kept list as the statements page the database, by offset and after any cursor (decision 208)', async () => {
    const all = await get(me, `${MINE}?limit=${PAGE.max}`);
    expect(t.app.caches.joined.get(me.id)).toBeDefined(); // later pages come from the kept list
    const cursors = (await joinedPage(t.db, me.id, { limit: PAGE.max, offset: 0 })).rows.map(
      (row) => row.cursor,
    );
    expect(cursors).toHaveLength(all.pagination.total);
    // Each row's own cursor, and places between rows: the same instant with the least and the greatest
    // id, a microsecond either side, before the first and after the last.
    const places = cursors.flatMap((cursor) => {
      const micros = Number(cursor.split('~')[0]);
      return [
        cursor,
        `${micros}~00000000-0000-0000-0000-000000000000`,
        `${micros}~ffffffff-ffff-ffff-ffff-ffffffffffff`,
        `${micros - 1}~${made[0]?._id}`,
        `${micros + 1}~${made[0]?._id}`,
      ];
    });
    places.push(`0~${made[0]?._id}`, `9007199254740991~${made[0]?._id}`);
    for (const after of places) {
      for (const limit of [1, 3]) {
        const fromDatabase = await joinedPage(t.db, me.id, { limit, offset: 0, after });
        const page = await get(me, `${MINE}?limit=${limit}&after=${after}`);
        expect(ids(page), after).toEqual(fromDatabase.rows.map((row) => row.id));
        expect(page.pagination, after).toMatchObject({
          total: fromDatabase.total,
          offset: fromDatabase.offset,
        });
      }
    }
  });

  it('shows at once a new learner of a course on the page, an edit and a lesson done (decision 208)', async () => {
    const first = await get(me, `${MINE}?limit=2`);
    const [shown, next] = first.data as [CourseSummary, CourseSummary];
    const course = made.find((candidate) => candidate._id === shown._id)!;
    // Another learner joins: the course's counter moves, and my kept list shows the new count.
    await enrol(other, course);
    const counted = await get(me, `${MINE}?limit=2`);
    expect(counted.data[0]).toMatchObject({ _id: shown._id, enrolled_count: shown.enrolled_count + 1 });
    expect(counted.data[1]).toMatchObject({ _id: next._id, enrolled_count: next.enrolled_count });
    // Taken out of the catalogue: an edit of the course, shown at once.
    expect((await courseAction(t, admin, 'toggle-available', shown._id)).statusCode).toBe(200);
    expect((await get(me, `${MINE}?limit=2`)).data[0]).toMatchObject({ _id: shown._id, isAvailable: false });
    expect((await courseAction(t, admin, 'toggle-available', shown._id)).statusCode).toBe(200);
    // A lesson done: their progress, at once.
    expect((await completeLesson(t, me, shown._id, videoOf(course))).statusCode).toBe(200);
    const done = await get(me, `${MINE}?limit=2`);
    expect(done.data[0]).toMatchObject({ _id: shown._id, isAvailable: true });
    expect(done.data[0]?.progress).toBeGreaterThan(shown.progress ?? 0);
  });

  it('reads one range of the enrolments’ primary key, for the page, the count and the kept order', async () => {
    const values: Record<string, unknown> = {
      userId: me.id,
      limit: 20,
      offset: 0,
      afterMicros: '4070908800000000',
      afterId: made[0]?._id,
    };
    const statements = [joinedRows, joinedRowsAfter, joinedCount, joinedCountAfter, joinedCursors];
    for (const query of statements.map((statement) => statement(t.db).toSQL())) {
      const params = query.params.map((param) =>
        param instanceof Placeholder ? values[param.name as string] : param,
      );
      const plan = await queryPlan(t.db, { sql: query.sql, params });
      // The caller's range of the primary key is the outer side: it alone decides how many rows are read.
      expect(plan).toMatch(
        /(Index (Only )?Scan using|Bitmap Index Scan on) enrollments_user_id_course_id_pk( on enrollments)? +\([^)]*\)\s+Index Cond: \(user_id = '[0-9a-f-]+'::uuid\)\n/,
      );
      expect(plan).toMatch(
        /Index (Only )?Scan using courses_pkey on courses +\([^)]*\)\s+Index Cond: \(id = enrollments\.course_id\)/,
      );
      expect(plan).not.toMatch(/Seq Scan|enrollments_course_idx|courses_catalog_idx/);
    }
  });

  it('reads the kept rows it misses by the courses’ primary key', async () => {
    const query = summaryRowsOfIds(t.db).toSQL();
    const values: Record<string, unknown> = { ids: made.map((course) => course._id).join(',') };
    const params = query.params.map((param) =>
      param instanceof Placeholder ? values[param.name as string] : param,
    );
    const plan = await queryPlan(t.db, { sql: query.sql, params });
    expect(plan).toMatch(/(Index Scan using courses_pkey on courses|Bitmap Index Scan on courses_pkey)/);
    expect(plan).not.toMatch(/Seq Scan on courses/);
  });

  it.each([
    [`${MINE}?limit=0`, 'limit'],
    [`${MINE}?limit=${PAGE.max + 1}`, 'limit'],
    [`${MINE}?limit=2.5`, 'limit'],
    [`${MINE}?offset=-1`, 'offset'],
    [`${MINE}?offset=abc`, 'offset'],
    [`${MINE}?offset=${PAGE.maxOffset + 1}`, 'offset'],
    // A cursor the server did not write, or one given with a position (decision 202).
    [`${MINE}?after=x`, 'after'],
    [`${MINE}?after=1767225600123456~not-a-course-id`, 'after'],
    [`${MINE}?after=99999999999999999~00000000-0000-0000-0000-000000000000`, 'after'],
    // Sixteen digits, past the largest safe integer: the refinement, not the pattern.
    [`${MINE}?after=9999999999999999~00000000-0000-0000-0000-000000000000`, 'after'],
    [`${MINE}?after=1767225600123456~00000000-0000-0000-0000-000000000000&offset=3`, 'offset'],
  ])('refuses %s with 400 naming the field', async (url, field) => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...me.auth, 'accept-language': 'ar' },
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
    expect(body.errors?.map((error) => error.path)).toEqual([field]);
  });

  it('shows each course from one row kept for every learner, re-read alone when its counter moves (decision 208)', async () => {
    t.app.caches.apply('c:*'); // nothing kept yet
    const mine = await get(me, `${MINE}?limit=${PAGE.max}`);
    const theirs = await get(other, `${MINE}?limit=${PAGE.max}`);
    const shared = ids(theirs).filter((id) => ids(mine).includes(id));
    expect(shared.length).toBeGreaterThan(0);
    const rows = shared.map((id) => t.app.caches.courseRows.get(id));
    for (const row of rows) expect(row).toBeDefined();
    // Read again by either learner, the very same objects: one copy per course, not per learner.
    await get(me, `${MINE}?limit=${PAGE.max}`);
    await get(other, `${MINE}?limit=${PAGE.max}`);
    shared.forEach((id, index) => expect(t.app.caches.courseRows.get(id)).toBe(rows[index]));
    // A counter moving evicts its course's row alone; the learners' order stays.
    t.app.caches.apply(`n:${shared[0]}`);
    expect(t.app.caches.courseRows.get(shared[0]!)).toBeUndefined();
    expect(t.app.caches.joined.get(me.id)).toBeDefined();
    expect(await get(me, `${MINE}?limit=${PAGE.max}`)).toEqual(mine);
    expect(t.app.caches.courseRows.get(shared[0]!)).toBeDefined();
  });

  it('pages a list of more than 200 courses from the database, as the statements do (decision 208)', async () => {
    const many = await createUser(t, 'EndUser');
    // Approved and out of the catalogue, so the other tests' catalogue pages stay as they were.
    const inserted = await t.db
      .insert(courses)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          title: `Many ${i}`,
          description: 'One of many',
          author: 'Owner',
          status: 'Approved' as const,
          isAvailable: false,
          createdBy: owner.id,
        })),
      )
      .returning({ id: courses.id });
    await t.db.insert(enrollments).values(inserted.map(({ id }) => ({ userId: many.id, courseId: id })));
    await t.app.caches.settle();
    const first = await get(many, `${MINE}?limit=${PAGE.max}`);
    expect(first.pagination.total).toBe(201);
    expect(t.app.caches.joined.get(many.id)).toEqual({ cursors: undefined }); // too long to keep
    const asRead = async (query: { limit: number; offset: number; after?: string }) => {
      const page = await joinedPage(t.db, many.id, query);
      return { ids: page.rows.map((row) => row.id), total: page.total, offset: page.offset };
    };
    const asAnswered = (page: CourseListResponse) => ({
      ids: ids(page),
      total: page.pagination.total,
      offset: page.pagination.offset,
    });
    expect(asAnswered(first)).toEqual(await asRead({ limit: PAGE.max, offset: 0 }));
    const last = await get(many, `${MINE}?limit=${PAGE.max}&offset=200`);
    expect(asAnswered(last)).toEqual(await asRead({ limit: PAGE.max, offset: 200 }));
    expect(last.data).toHaveLength(1);
    const after = first.pagination.next as string;
    const next = await get(many, `${MINE}?limit=${PAGE.max}&after=${after}`);
    expect(asAnswered(next)).toEqual(await asRead({ limit: PAGE.max, offset: 0, after }));
    expect(next.pagination.offset).toBe(PAGE.max);
  });

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: MINE });
    expect(response.statusCode).toBe(401);
  });
});
