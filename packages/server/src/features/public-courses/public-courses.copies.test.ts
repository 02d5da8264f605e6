import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, openSecondInstance, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createApprovedCourse } from '../../test/course-fixtures.ts';
import { lastCopy } from './public-courses.service.ts';

/**
 * What the public pages keep of themselves for a database outage (decision 158), on both databases;
 * the outage itself is in public-courses.outage.postgres.test.ts.
 */
describe("the public pages' last copies", () => {
  let t: TestApp;
  let admin: TestUser;
  let first: string;
  let second: string;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
    first = (await createApprovedCourse(t, owner, admin, { title: 'First copied course' }))._id;
    second = (await createApprovedCourse(t, owner, admin, { title: 'Second copied course' }))._id;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const copiedIds = (page: number) => {
    const copy = lastCopy(t.app.caches, { page });
    return copy?.kind === 'catalogue' ? copy.view.courses.map((course) => course.id).sort() : undefined;
  };

  it('keeps what a page showed when it was read, not pages that are not there', async () => {
    expect((await get(`/courses/${first}?lang=ar`)).statusCode).toBe(200);
    const copy = lastCopy(t.app.caches, { id: first });
    expect(copy?.kind === 'course' && copy.course.title).toBe('First copied course');
    // The address's case does not make another page.
    expect(lastCopy(t.app.caches, { id: first.toUpperCase() })).toBe(copy);
    expect(lastCopy(t.app.caches, { id: second })).toBeUndefined();

    expect((await get('/courses')).statusCode).toBe(200);
    expect(copiedIds(1)).toEqual([first, second].sort());
    expect((await get('/courses?page=7')).statusCode).toBe(404);
    expect(lastCopy(t.app.caches, { page: 7 })).toBeUndefined();
  });

  it('drops every copy when a course changes', async () => {
    await get(`/courses/${first}`);
    await get('/courses');
    expect((await courseAction(t, admin, 'toggle-available', second)).statusCode).toBe(200);
    expect(lastCopy(t.app.caches, { id: first })).toBeUndefined();
    expect(copiedIds(1)).toBeUndefined();
    // Read again, the catalogue's copy is the catalogue as it is now.
    await get('/courses');
    expect(copiedIds(1)).toEqual([first]);
    expect((await courseAction(t, admin, 'toggle-available', second)).statusCode).toBe(200);
  });

  it('drops the copies of another instance on the same database when a course changes here', async () => {
    const b = await openSecondInstance(t);
    try {
      expect((await b.app.inject({ method: 'GET', url: `/courses/${first}` })).statusCode).toBe(200);
      expect(lastCopy(b.app.caches, { id: first })).toBeDefined();
      // The write settles before it answers: every instance has applied its notification by then.
      expect((await courseAction(t, admin, 'toggle-available', second)).statusCode).toBe(200);
      expect(lastCopy(b.app.caches, { id: first })).toBeUndefined();
      expect((await courseAction(t, admin, 'toggle-available', second)).statusCode).toBe(200);
    } finally {
      await b.close();
    }
  });

  it("drops a page's copy once the page is found gone, even when the change was not heard", async () => {
    await get(`/courses/${first}`);
    expect(lastCopy(t.app.caches, { id: first })).toBeDefined();
    // A change this instance hears nothing of (as while its notifications were lost): with triggers
    // off for the transaction, no notification is sent.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update courses set is_available = false where id = ${first}`);
    });
    expect(lastCopy(t.app.caches, { id: first })).toBeDefined();
    expect((await get(`/courses/${first}`)).statusCode).toBe(404);
    expect(lastCopy(t.app.caches, { id: first })).toBeUndefined();
    await t.db.execute(sql`update courses set is_available = true where id = ${first}`);
  });
});
