import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEvents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { courseAction, createCourse } from '../../test/course-fixtures.ts';
import { lockCourseState, recordEvent } from './courses.repository.ts';

/**
 * A course's events in the order its changes took effect, on a real PostgreSQL where transactions
 * overlap. A concurrency audit saw up to 23 of 41 events out of order after a burst of review
 * actions: each was stamped with its transaction's start, before it waited for the course's lock.
 */
describe('course events on PostgreSQL', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, 'Contributor');
    admin = await createUser(t, 'SuperAdmin');
  });
  afterAll(() => t.close());

  it('stamps an event when it is written, not when its transaction began', async () => {
    const course = await createCourse(t, owner);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`); // begun: now() is this transaction's from here on
      // Meanwhile the owner archives the course, in a transaction of its own that commits first.
      expect((await courseAction(t, owner, 'archive', course._id)).statusCode).toBe(200);
      const state = await lockCourseState(tx, course._id);
      expect(state?.status).toBe('Archived');
      await recordEvent(tx, {
        courseId: course._id,
        actorId: admin.id,
        action: 'archive',
        fromStatus: 'Archived',
        toStatus: 'Pending',
      });
    });
    const events = await t.db
      .select({ from: courseEvents.fromStatus, to: courseEvents.toStatus })
      .from(courseEvents)
      .where(eq(courseEvents.courseId, course._id))
      .orderBy(asc(courseEvents.createdAt));
    expect(events.slice(-2)).toEqual([
      { from: course.status, to: 'Archived' },
      { from: 'Archived', to: 'Pending' },
    ]);
  });
});
