import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { rows } from '../../db/rows.ts';
import { courseSections, files, resources } from '../../db/schema.ts';
import { PeriodicPurge } from '../../lib/periodic-purge.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createCourse, patchCourse, tinyPdf } from '../../test/course-fixtures.ts';
import { filesPurges, UNREFERENCED_FILE_AGE_MS } from './files.housekeeping.ts';
import { filesForCourse } from './files.service.ts';

const PDF = tinyPdf('In flight');

/**
 * Decision 114 on a real PostgreSQL: the files housekeeping and a course save that points at an old
 * unreferenced file at the same time, on two connections.
 */
describe("the files feature's housekeeping beside a course save in flight", () => {
  let t: TestApp;
  let owner: TestUser;
  let job: PeriodicPurge;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.filesHousekeeping.stop();
    job = new PeriodicPurge('test files housekeeping', filesPurges(t.db), t.app.log);
    owner = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  /** A PDF uploaded a day and a minute ago that no course uses (yet). */
  const oldFile = async () => {
    const [row] = await t.db
      .insert(files)
      .values({
        ownerId: owner.id,
        contentType: 'application/pdf',
        size: PDF.length,
        sha256: createHash('sha256').update(PDF).digest('hex'),
        data: PDF,
        createdAt: new Date(Date.now() - UNREFERENCED_FILE_AGE_MS - 60_000),
      })
      .returning({ id: files.id });
    return row!.id;
  };
  const left = async (ids: string[]) =>
    (await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).map((row) => row.id);
  const noLongerThan = <T>(ms: number, promise: Promise<T>) =>
    Promise.race([promise, sleep(ms, 'waited' as const, { ref: false })]);

  it('skips a file a save has checked, without waiting for it, and the save refers to it', async () => {
    const course = await createCourse(t, owner);
    const [section] = await t.db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, course._id));
    const file = await oldFile();

    await t.db.transaction(async (tx) => {
      // The save checks the PDF it was sent (course-tree.ts) …
      expect(await filesForCourse(tx, [file], [owner.id], null)).toEqual(
        new Map([[file, { contentType: 'application/pdf', usable: true }]]),
      );
      // … a pass runs meanwhile on another connection: it neither deletes the file nor waits …
      expect(await noLongerThan(3_000, job.runOnce())).toEqual({ files: 0 });
      // … and the save writes its resource.
      await tx.insert(resources).values({
        sectionId: section!.id,
        courseId: course._id,
        position: 10,
        type: 'pdf',
        title: 'Restored',
        description: 'd',
        fileId: file,
      });
    });
    expect(await job.runOnce()).toEqual({ files: 0 });
    expect(await left([file])).toEqual([file]);
  });

  it('answers a save that points at a file a pass is deleting with an error on that field, not a failed write', async () => {
    const course = await createCourse(t, owner);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/v1/course/${course._id}`, headers: owner.auth })
    ).json<{ data: Course }>().data;
    const file = await oldFile();
    // A pass (another instance's) has locked the file and is about to delete it.
    const pass = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await pass.connect();
    try {
      await pass.query('begin');
      await pass.query('select id from files where id = $1 for update', [file]);
      const [first, ...others] = current.course_section;
      const restored = { type: 'pdf', title: 'Restored', description: 'd', file: `/api/v1/files/${file}` };
      const saving = patchCourse(t, owner, course._id, {
        ...current,
        coursesection: [{ ...first, resources: [...first!.resources, restored] }, ...others],
      });
      // The save waits for the pass's lock; the pass deletes the file and commits.
      while (!(await waitingForLock(t))) await sleep(20);
      await pass.query('delete from files where id = $1', [file]);
      await pass.query('commit');

      const response = await saving;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ path: `coursesection.0.resources.${first!.resources.length}.file` }],
      });
    } finally {
      await pass.end();
    }
    expect(await left([file])).toEqual([]);
  });
});

/** Whether a connection of this test's database waits for a row lock. */
async function waitingForLock(t: TestApp): Promise<boolean> {
  const [row] = await rows<{ waiting: number }>(
    t.db,
    sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.waiting > 0;
}
