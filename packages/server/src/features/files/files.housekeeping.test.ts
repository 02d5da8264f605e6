import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@app/shared';
import { courseSections, files, resources } from '../../db/schema.ts';
import { PeriodicPurge, PURGE_BATCH_SIZE } from '../../lib/periodic-purge.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createCourse, patchCourse, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';
import {
  FILES_EXAMINED_PER_PASS,
  filesPurges,
  UNREFERENCED_FILE_AGE_MS,
  UnreferencedFilesSweep,
} from './files.housekeeping.ts';
import { deleteUnreferencedFiles, filesAfter } from './files.repository.ts';

const MINUTE = 60_000;
const PDF = tinyPdf('Housekeeping');

/** Decision 114: files no course uses a day after their upload are deleted, a bounded pass at a time. */
describe("the files feature's housekeeping", () => {
  let t: TestApp;
  let owner: TestUser;
  let job: PeriodicPurge;
  beforeAll(async () => {
    t = await createTestApp();
    // This file's own passes, run by the tests; the app's loop stays out of it.
    await t.app.filesHousekeeping.stop();
    job = new PeriodicPurge('test files housekeeping', filesPurges(t.db), t.app.log);
    owner = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  /** Makes files look uploaded `ms` ago. */
  const uploadedAgo = (ids: string[], ms: number) =>
    t.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(inArray(files.id, ids));
  const old = (ids: string[]) => uploadedAgo(ids, UNREFERENCED_FILE_AGE_MS + MINUTE);
  const left = async (ids: string[]) =>
    (await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids)))
      .map((row) => row.id)
      .sort();
  /** Files inserted directly, as an upload stores them, `ms` ago (in that order, a millisecond apart). */
  const storedFiles = async (count: number, ms: number) => {
    const at = Date.now() - ms;
    const inserted = await t.db
      .insert(files)
      .values(
        Array.from({ length: count }, (_, i) => ({
          ownerId: owner.id,
          contentType: 'application/pdf',
          size: PDF.length,
          sha256: createHash('sha256').update(PDF).digest('hex'),
          data: PDF,
          createdAt: new Date(at + i),
        })),
      )
      .returning({ id: files.id });
    return inserted.map((row) => row.id);
  };
  /** Passes until one deletes nothing: no unreferenced old file is left from an earlier test. */
  const drain = async () => {
    while (Object.values(await job.runOnce()).some((count) => count > 0));
  };
  const fileIdOf = (url: string | null | undefined) => url!.split('/').at(-1)!;

  it('deletes files no course uses a day after their upload, and keeps young ones and those courses use', async () => {
    const course = await createCourse(t, owner);
    const cover = fileIdOf(course.preview_image as string);
    const used = fileIdOf(course.course_section[0]!.resources[1]!.file);
    // A PDF dropped from a course by an edit: nothing refers to it any more.
    const edited = await createCourse(t, owner);
    const dropped = fileIdOf(edited.course_section[0]!.resources[1]!.file);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/v1/course/${edited._id}`, headers: owner.auth })
    ).json<{ data: Course }>().data;
    const withoutPdf = current.course_section.map((section, s) => ({
      ...section,
      resources: s === 0 ? [section.resources[0]!] : section.resources,
    }));
    expect(
      (await patchCourse(t, owner, edited._id, { ...current, coursesection: withoutPdf })).statusCode,
    ).toBe(200);
    const never = (await uploadFile(t, owner, { data: PDF, filename: 'never.pdf' }))._id;
    const young = (await uploadFile(t, owner, { data: PDF, filename: 'young.pdf' }))._id;
    const almost = (await uploadFile(t, owner, { data: PDF, filename: 'almost.pdf' }))._id;
    await old([cover, used, dropped, never]);
    await uploadedAgo([almost], UNREFERENCED_FILE_AGE_MS - MINUTE);
    // The sweep's read sees the old files, and which of them a course uses.
    const seen = await filesAfter(t.db, UNREFERENCED_FILE_AGE_MS, null, FILES_EXAMINED_PER_PASS);
    expect(Object.fromEntries(seen.map((row) => [row.id, row.unreferenced]))).toEqual({
      [cover]: false,
      [used]: false,
      [dropped]: true,
      [never]: true,
    });

    expect(await job.runOnce()).toEqual({ files: 2 });
    expect(await left([cover, used, dropped, never, young, almost])).toEqual(
      [cover, used, young, almost].sort(),
    );
    const gone = await t.app.inject({ method: 'GET', url: `/api/v1/files/${never}` });
    expect(gone.statusCode).toBe(404);
    // The course still has its cover and its PDF.
    for (const id of [cover, used])
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${id}` })).statusCode).toBe(200);
    expect(await job.runOnce()).toEqual({ files: 0 });
  });

  it(`deletes at most ${PURGE_BATCH_SIZE} files a pass, found through an index`, async () => {
    await drain();
    const extra = 5;
    const ids = await storedFiles(PURGE_BATCH_SIZE + extra, UNREFERENCED_FILE_AGE_MS + MINUTE);
    expect(await job.runOnce()).toEqual({ files: PURGE_BATCH_SIZE });
    expect(await job.runOnce()).toEqual({ files: extra });
    expect(await job.runOnce()).toEqual({ files: 0 });
    expect(await left(ids)).toEqual([]);

    // The sweep's read, from the start and from where a pass stopped, as it is sent.
    const [key] = await t.db
      .select({ createdAt: sql<string>`${files.createdAt}::text`, id: files.id })
      .from(files)
      .orderBy(asc(files.createdAt))
      .limit(1);
    for (const after of [null, key!]) {
      const query = filesAfter(t.db, UNREFERENCED_FILE_AGE_MS, after, FILES_EXAMINED_PER_PASS).toSQL();
      expect(await queryPlan(t.db, query)).toContain('files_created_idx');
    }
  });

  it('goes on past files courses use: each pass looks at a bounded slice, then the sweep starts over', async () => {
    await drain();
    // 25 old files a course uses, then 3 old ones nothing uses; a sweep that looks at 10 a pass.
    const course = await createCourse(t, owner);
    const [section] = await t.db
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, course._id));
    const hour = 3_600_000;
    const used = await storedFiles(25, UNREFERENCED_FILE_AGE_MS + 3 * hour);
    await t.db.insert(resources).values(
      used.map((fileId, position) => ({
        sectionId: section!.id,
        courseId: course._id,
        position: 10 + position,
        type: 'pdf' as const,
        title: `Used ${position}`,
        description: 'd',
        fileId,
      })),
    );
    const unused = await storedFiles(3, UNREFERENCED_FILE_AGE_MS + 2 * hour);
    // Its threshold leaves out the old files of the tests before (uploaded a day and a minute ago).
    const sweep = new UnreferencedFilesSweep(t.db, UNREFERENCED_FILE_AGE_MS + hour, 10);

    expect([await sweep.purge(100), await sweep.purge(100), await sweep.purge(100)]).toEqual([0, 0, 3]);
    expect(await left(unused)).toEqual([]);
    // The end was reached: the next pass starts from the oldest again and finds a file dropped since.
    await t.db.delete(resources).where(eq(resources.fileId, used[0]!));
    expect(await sweep.purge(100)).toBe(1);
    expect(await left(used)).toEqual(used.slice(1).sort());

    // A full batch leaves the sweep right after it: what was left behind is the next pass's.
    await t.db.delete(resources).where(inArray(resources.fileId, used.slice(1)));
    expect([await sweep.purge(5), await sweep.purge(5)]).toEqual([5, 5]);
    expect(await left(used)).toHaveLength(24 - 10);
  });

  it('lets two instances purge at once: each file is deleted by one of them', async () => {
    await drain();
    const ids = await storedFiles(PURGE_BATCH_SIZE + PURGE_BATCH_SIZE / 2, UNREFERENCED_FILE_AGE_MS + MINUTE);
    // On PostgreSQL, two connections of the pool, as two instances would run it.
    const other = new PeriodicPurge('other instance', filesPurges(t.db), t.app.log);
    let total = 0;
    for (let pass = 0; pass < 10; pass++) {
      const [mine, theirs] = await Promise.all([job.runOnce(), other.runOnce()]);
      total += (mine.files ?? 0) + (theirs.files ?? 0);
    }
    expect(total).toBe(ids.length);
    expect(await left(ids)).toEqual([]);
  });

  it('deletes a file only if nothing refers to it when it is locked', async () => {
    const course = await createCourse(t, owner);
    const pdf = fileIdOf(course.course_section[0]!.resources[1]!.file);
    const cover = fileIdOf(course.preview_image as string);
    const [unused] = await storedFiles(1, UNREFERENCED_FILE_AGE_MS + MINUTE);
    // As if the sweep had read them as unreferenced just before a save pointed at them.
    expect(await deleteUnreferencedFiles(t.db, [pdf, cover, unused!])).toBe(1);
    expect(await left([pdf, cover, unused!])).toEqual([pdf, cover].sort());
  });

  it('runs on the app from its start until it closes', async () => {
    const other = await createTestApp();
    expect(other.app.filesHousekeeping.active).toBe(true);
    await other.close();
    expect(other.app.filesHousekeeping.active).toBe(false);
  });
});
