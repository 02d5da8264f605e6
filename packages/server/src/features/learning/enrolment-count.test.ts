import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseSummary } from '@app/shared';
import { courses, enrollments, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createApprovedCourse } from '../../test/course-fixtures.ts';
import { enroll } from './learning.repository.ts';

/** `courses.enrolled_count` moves with the enrolments, in the same transaction (decision 018). */
describe('learning: the stored enrolment count', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, 'SuperAdmin');
    owner = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  const enrol = (user: TestUser, courseId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${courseId}`, headers: user.auth });
  const stored = async (courseId: string) =>
    (await t.db.select({ n: courses.enrolledCount }).from(courses).where(eq(courses.id, courseId)))[0]!.n;
  const counted = async (courseId: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(enrollments)
        .where(eq(enrollments.courseId, courseId))
    )[0]!.n;
  /** Counts the enrolment statements the driver is given (`$client`: the pool or the PGlite instance). */
  function enrolmentStatements() {
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    const text = (statement: unknown) =>
      typeof statement === 'string' ? statement : (statement as { text?: string }).text;
    return {
      count: () =>
        query.mock.calls.filter(([statement]) => text(statement)?.startsWith('insert into "enrollments"'))
          .length,
      restore: () => query.mockRestore(),
    };
  }
  async function shown(user: TestUser, courseId: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/approved',
      headers: user.auth,
    });
    return response.json<{ data: CourseSummary[] }>().data.find((c) => c._id === courseId)!;
  }

  it('counts an enrolment once (a second call is a no-op) and shows it at once', async () => {
    const course = await createApprovedCourse(t, owner, admin);
    const learner = await createUser(t, 'EndUser');
    expect((await shown(learner, course._id)).enrolled_count).toBe(0);
    expect((await enrol(learner, course._id)).statusCode).toBe(200);
    expect((await enrol(learner, course._id)).statusCode).toBe(200);
    expect(await stored(course._id)).toBe(1);
    expect(await shown(learner, course._id)).toMatchObject({ enrolled_count: 1, enrolled: true });
    const other = await createUser(t, 'EndUser');
    expect(await shown(other, course._id)).toMatchObject({
      enrolled_count: 1,
      enrolled: false,
      enrolled_users: [],
    });
  });

  it('stays exact under 40 simultaneous enrolments (20 learners, each twice)', async () => {
    const course = await createApprovedCourse(t, owner, admin);
    const learners = await Promise.all(Array.from({ length: 20 }, () => createUser(t, 'EndUser')));
    const responses = await Promise.all(
      [...learners, ...learners].map((learner) => enrol(learner, course._id)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    expect(await stored(course._id)).toBe(20);
    expect(await counted(course._id)).toBe(20);
  });

  it('writes simultaneous enrolments in shared statements; a bad one fails alone (decision 064)', async () => {
    const course = await createApprovedCourse(t, owner, admin);
    const learners = await Promise.all(Array.from({ length: 10 }, () => createUser(t, 'EndUser')));
    const statements = enrolmentStatements();
    try {
      const results = await Promise.allSettled([
        ...learners.map((learner) => enroll(t.db, learner.id, course._id)),
        enroll(t.db, learners[1]!.id, course._id), // twice in one statement: a no-op
        enroll(t.db, learners[2]!.id, randomUUID()), // no such course: refused by its foreign key
      ]);
      expect(results.map((result) => result.status)).toEqual([
        ...learners.map(() => 'fulfilled'),
        'fulfilled',
        'rejected',
      ]);
      // The first alone, the rest together; that statement failed, so each of them again alone.
      expect(statements.count()).toBe(1 + 1 + 11);
    } finally {
      statements.restore();
    }
    expect(await stored(course._id)).toBe(10);
    expect(await counted(course._id)).toBe(10);
    const together = await Promise.all(learners.slice(0, 4).map(() => createUser(t, 'EndUser')));
    const shared = enrolmentStatements();
    await Promise.all(together.map((learner) => enroll(t.db, learner.id, course._id)));
    expect(shared.count()).toBe(2);
    shared.restore();
    expect(await stored(course._id)).toBe(14);
  });

  it('goes down when enrolments go, whatever removes them (a deleted learner, a bulk delete)', async () => {
    const course = await createApprovedCourse(t, owner, admin);
    const learners = await Promise.all(Array.from({ length: 5 }, () => createUser(t, 'EndUser')));
    for (const learner of learners) await enrol(learner, course._id);
    expect(await stored(course._id)).toBe(5);
    await t.db.delete(users).where(eq(users.id, learners[0]!.id)); // cascades to the enrolment
    expect(await stored(course._id)).toBe(4);
    await t.db.delete(enrollments).where(eq(enrollments.courseId, course._id));
    expect(await stored(course._id)).toBe(0);
    // A set-based load (as the scale bench does) is counted per statement too.
    await t.db.execute(
      sql`insert into ${enrollments} (user_id, course_id) select id, ${course._id} from ${users} where role = 'EndUser'`,
    );
    expect(await stored(course._id)).toBe(await counted(course._id));
  });
});
