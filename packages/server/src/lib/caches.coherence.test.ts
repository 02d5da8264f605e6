import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import type { CourseSummary } from '@app/shared';
import { courses, sessions, users } from '../db/schema.ts';
import {
  createTestApp,
  openSecondInstance,
  waitFor,
  type SecondInstance,
  type TestApp,
} from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import {
  courseAction,
  courseBody,
  createApprovedCourse,
  completeLesson,
  createCourse,
  patchCourse,
  videoOf,
} from '../test/course-fixtures.ts';
import type { App } from '../app.ts';
import { PURGE_BATCH_SIZE } from './periodic-purge.ts';
import { purgeEndedSessions } from './sessions.ts';

/**
 * Decision 019: the caches of two instances on the same database are never stale where it matters.
 * Each case warms instance B's caches first, changes the data through instance A (or behind both, in
 * SQL, as an operator would), and expects B's very next request to see the change. API writes settle
 * before they answer (B has acknowledged); after an SQL change the test settles A the same way.
 */
describe('caches: two instances on one database', () => {
  let t: TestApp;
  let b: SecondInstance;
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    b = await openSecondInstance(t);
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  const me = (app: App, user: TestUser) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.auth });
  const catalogue = async (app: App, user: TestUser, query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/course/approved${query}`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CourseSummary[]; pagination: { total: number } }>();
  };
  /** B's cache holds the session (two requests: the second is served from it). */
  async function warm(user: TestUser) {
    expect((await me(b.app, user)).statusCode).toBe(200);
    expect((await me(b.app, user)).statusCode).toBe(200);
    expect(b.app.caches.sessions.get(sessionIdOf(user))).toBeDefined();
  }
  const sessionIdOf = (user: TestUser) =>
    (JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

  it('keeps both instances listening', () => {
    expect(t.app.caches.usable).toBe(true);
    expect(b.app.caches.usable).toBe(true);
  });

  it('logout on A: the next request on B is refused', async () => {
    const user = await createUser(t, 'EndUser');
    await warm(user);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(logout.statusCode).toBe(200);
    const next = await me(b.app, user);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
  });

  it('revocation in the database (every session of a user): the next request on B is refused', async () => {
    const user = await createUser(t, 'EndUser');
    await warm(user);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    expect((await me(b.app, user)).statusCode).toBe(401);
  });

  it('a session the housekeeping deleted: evicted on A and B, and refused on both (decision 107)', async () => {
    const user = await createUser(t, 'EndUser');
    const sid = sessionIdOf(user);
    // A session that ends on its own, unannounced: no write marks it, only the clock.
    const expiresAt = new Date(Date.now() + 2_000);
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sid));
    await t.app.caches.settle();
    for (const app of [t.app, b.app]) {
      expect((await me(app, user)).statusCode).toBe(200);
      expect((await me(app, user)).statusCode).toBe(200);
      expect(app.caches.sessions.get(sid)).toBeDefined();
    }
    while (Date.now() <= expiresAt.getTime() + 50) await new Promise((resolve) => setTimeout(resolve, 50));

    // A's pass deletes the row (its own loop may have been first): every instance forgets it.
    await purgeEndedSessions(t.db, PURGE_BATCH_SIZE);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sid))).toEqual([]);
    await t.app.caches.settle();
    expect(t.app.caches.sessions.get(sid)).toBeUndefined();
    expect(b.app.caches.sessions.get(sid)).toBeUndefined();
    for (const app of [b.app, t.app]) {
      const next = await me(app, user);
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
      // Read from the database again, it is not put back.
      expect(app.caches.sessions.get(sid)).toBeUndefined();
    }
  });

  it('deactivation: the next request on B is refused with ACCOUNT_INACTIVE', async () => {
    const user = await createUser(t, 'EndUser');
    await warm(user);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    const next = await me(b.app, user);
    expect(next.statusCode).toBe(403);
    expect(next.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
  });

  it('role change: the next request on B has the new role', async () => {
    const user = await createUser(t, 'SuperAdmin');
    await warm(user);
    const asAdmin = await b.app.inject({ method: 'GET', url: '/api/v1/course', headers: user.auth });
    expect(asAdmin.statusCode).toBe(200);
    await t.db.update(users).set({ role: 'EndUser' }).where(eq(users.id, user.id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    const demoted = await b.app.inject({ method: 'GET', url: '/api/v1/course', headers: user.auth });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("a course approved, hidden, edited or joined on A shows in B's catalogue on the next request", async () => {
    const learner = await createUser(t, 'EndUser');
    const before = await catalogue(b.app, learner);
    const course = await createCourse(t, owner, { title: 'Coherent caches' });
    expect(await catalogue(b.app, learner)).toEqual(before); // pending: not listed (and now cached)

    await courseAction(t, admin, 'approve', course._id);
    const listed = await catalogue(b.app, learner);
    expect(listed.pagination.total).toBe(before.pagination.total + 1);
    expect(listed.data[0]).toMatchObject({ _id: course._id, title: 'Coherent caches', enrolled: false });

    await courseAction(t, admin, 'toggle-available', course._id);
    expect((await catalogue(b.app, learner)).data.map((c) => c._id)).not.toContain(course._id);
    await courseAction(t, admin, 'toggle-available', course._id);
    expect((await catalogue(b.app, learner)).data[0]?._id).toBe(course._id);

    const pdf = course.course_section[0]!.resources.find((r) => r.type === 'pdf')!.file!;
    const edit = await patchCourse(t, admin, course._id, courseBody(pdf, { title: 'Edited on A' }));
    expect(edit.statusCode).toBe(200);
    expect((await catalogue(b.app, learner)).data[0]).toMatchObject({
      _id: course._id,
      title: 'Edited on A',
    });

    await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: learner.auth });
    const enrolled = (await catalogue(b.app, learner)).data.find((c) => c._id === course._id);
    expect(enrolled).toMatchObject({ enrolled: true, enrolled_count: 1, enrolled_users: [learner.id] });
  });

  it("an author's name changed in the database shows in B's catalogue on the next request", async () => {
    const learner = await createUser(t, 'EndUser');
    const author = await createUser(t, 'Contributor');
    const course = await createApprovedCourse(t, author, admin, { title: 'Renamed author' });
    const cached = (await catalogue(b.app, learner)).data.find((c) => c._id === course._id);
    expect(cached?.createdBy.firstname).toBe('Test');
    await t.db.update(users).set({ firstname: 'Renamed' }).where(eq(users.id, author.id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    const fresh = (await catalogue(b.app, learner)).data.find((c) => c._id === course._id);
    expect(fresh?.createdBy.firstname).toBe('Renamed');
  });

  it("an enrolment on A: B's catalogue and course view count it, and other learners' figures stay cached", async () => {
    const course = await createApprovedCourse(t, owner, admin, { title: 'Counted on B' });
    const [first, second] = [await createUser(t, 'EndUser'), await createUser(t, 'EndUser')];
    const enrol = (user: TestUser) =>
      t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: user.auth });
    const view = async () => {
      const response = await b.app.inject({ url: `/api/v1/user/course/${course._id}`, headers: first.auth });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { enrolled_count: number } }>().data.enrolled_count;
    };
    const counted = async () =>
      (await catalogue(b.app, first)).data.find((c) => c._id === course._id)?.enrolled_count;
    const other = await createApprovedCourse(t, owner, admin, { title: 'Zanzibarian ferns' });
    const othersPage = async () => (await catalogue(b.app, first, '?q=zanzibarian')).data.map((c) => c._id);
    expect((await enrol(first)).statusCode).toBe(200);
    expect(await counted()).toBe(1);
    expect(await view()).toBe(1);
    expect(await othersPage()).toEqual([other._id]);
    const progress = b.app.caches.progress.get(first.id);
    expect(progress?.get(course._id)).toBe(0);
    const pages = b.app.caches.catalogue.size;
    expect(pages).toBe(2); // the page listing the course, and the search that does not

    expect((await enrol(second)).statusCode).toBe(200);
    // Decision 075: the counter alone moved; the first learner's figures on B were not thrown away,
    // nor (076) the catalogue page that does not list the course.
    expect(b.app.caches.progress.get(first.id)).toBe(progress);
    expect(b.app.caches.catalogue.size).toBe(pages - 1);
    expect(await othersPage()).toEqual([other._id]);
    expect(await counted()).toBe(2);
    expect(await view()).toBe(2);

    // Any other column changed, however written: everything derived from courses goes, as before.
    await t.db.update(courses).set({ title: 'Retitled in SQL' }).where(eq(courses.id, course._id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    expect(b.app.caches.progress.get(first.id)).toBeUndefined();
    expect((await catalogue(b.app, first)).data.find((c) => c._id === course._id)?.title).toBe(
      'Retitled in SQL',
    );
  });

  it("a learner's own courses on B follow their enrolment, another's, an edit and a lesson done on A (decision 208)", async () => {
    const [joined, later] = [
      await createApprovedCourse(t, owner, admin, { title: 'Mine on B' }),
      await createApprovedCourse(t, owner, admin, { title: 'Mine on B, later' }),
    ];
    const [learner, another] = [await createUser(t, 'EndUser'), await createUser(t, 'EndUser')];
    const enrol = (user: TestUser, courseId: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${courseId}`, headers: user.auth });
    const mine = async () => {
      const response = await b.app.inject({ url: '/api/v1/user/courses', headers: learner.auth });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: CourseSummary[]; pagination: { total: number } }>();
    };
    expect((await enrol(learner, joined._id)).statusCode).toBe(200);
    expect((await mine()).data.map((c) => [c._id, c.enrolled_count])).toEqual([[joined._id, 1]]);
    expect(b.app.caches.joined.get(learner.id)).toBeDefined(); // B keeps the list

    expect((await enrol(learner, later._id)).statusCode).toBe(200);
    expect((await mine()).data.map((c) => c._id)).toEqual([later._id, joined._id]);
    // Another learner joins: only the counter moved, and B's list shows it.
    expect((await enrol(another, joined._id)).statusCode).toBe(200);
    expect((await mine()).data.map((c) => c.enrolled_count)).toEqual([1, 2]);
    // A course changed, however written.
    await t.db.update(courses).set({ title: 'Mine on B, renamed' }).where(eq(courses.id, joined._id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    expect((await mine()).data[1]?.title).toBe('Mine on B, renamed');
    // A lesson done on A.
    expect((await completeLesson(t, learner, later._id, videoOf(later))).statusCode).toBe(200);
    expect((await mine()).data[0]?.progress).toBeGreaterThan(0);
  });

  it("the staff lists' totals on B follow courses created, reviewed, renamed and re-authored on A", async () => {
    const author = await createUser(t, 'Contributor');
    const total = async (url: string, user = admin) => {
      const response = await b.app.inject({ method: 'GET', url: `/api/v1/course${url}`, headers: user.auth });
      expect(response.statusCode).toBe(200);
      return response.json<{ pagination: { total: number } }>().pagination.total;
    };
    const table = (query: string) => total(`?limit=1&${query}`);
    const own = (query: string) => total(`/contributor/${author.id}?limit=1&${query}`, author);
    expect(await table('q=zebracount')).toBe(0);
    expect(await table('q=zebracount&status=Pending')).toBe(0);
    expect(await own('q=zebracount')).toBe(0);
    expect(await table('q=Quagganame')).toBe(0);
    // Served from B's cache from now on (a second page of the same search reads no count).
    expect(b.app.caches.staffCounts.size).toBeGreaterThanOrEqual(4);
    expect(await table('q=zebracount&offset=1')).toBe(0);

    const course = await createCourse(t, author, { title: 'Zebracount course' });
    expect(await table('q=zebracount')).toBe(1);
    expect(await table('q=zebracount&status=Pending')).toBe(1);
    expect(await own('q=zebracount')).toBe(1);

    await courseAction(t, admin, 'approve', course._id);
    expect(await table('q=zebracount&status=Pending')).toBe(0);
    expect(await table('q=zebracount&status=Approved')).toBe(1);

    const pdf = course.course_section[0]!.resources.find((r) => r.type === 'pdf')!.file!;
    const edit = await patchCourse(t, admin, course._id, courseBody(pdf, { title: 'Renamed on A' }));
    expect(edit.statusCode).toBe(200);
    expect(await table('q=zebracount')).toBe(0);
    expect(await own('q=zebracount')).toBe(0);

    // The table also finds a course by its contributor's name, changed here behind both instances.
    await t.db.update(users).set({ firstname: 'Quagganame' }).where(eq(users.id, author.id));
    await t.app.caches.settle(); // as the next request after an operator's change would: B has applied it
    expect(await table('q=Quagganame')).toBe(1);
  });

  it("B's listener cut off: B reads from the database, A's logout still answers and is refused on B", async () => {
    const user = await createUser(t, 'EndUser');
    await warm(user);
    if (t.env.DATABASE_URL) {
      // B's listening connection is the newer of the two on this database.
      const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'app_cache_listener'
          order by backend_start desc limit 1`,
      );
      await admin.end();
      await waitFor(() => !b.app.caches.usable);
      expect(t.app.caches.usable).toBe(true);
    }
    // A still knows B and waits for its acknowledgement only until the barrier gives up.
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(logout.statusCode).toBe(200);
    expect((await me(b.app, user)).statusCode).toBe(401);
    await waitFor(() => b.app.caches.usable);
  });
});
