import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../db/schema.ts';
import { commitCutter } from '../../test/commit-cutter.ts';
import { courseBody, postCourse, tinyPdf, uploadFile } from '../../test/course-fixtures.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * A course creation whose commit reaches PostgreSQL while its answer is lost, on a real server (runs
 * only in the server-postgres project): the author is told to try again (503), and trying again with
 * the same `Idempotency-Key` answers that course instead of making a second one (decision 153).
 */
describe('a course creation whose commit landed but whose answer was lost', () => {
  it('is answered 503, and sent again with its key it answers the course made, one course in all', async () => {
    const proxy = await commitCutter(new URL(process.env.TEST_DATABASE_URL!));
    const t = await createTestApp({}, { proxyPort: proxy.port });
    try {
      const author = await createUser(t, 'Contributor');
      const pdf = await uploadFile(t, author, {
        data: tinyPdf(),
        filename: 'notes.pdf',
        type: 'application/pdf',
      });
      const body = courseBody(pdf.secure_url, { title: 'Lost answer' });
      const key = { 'idempotency-key': randomUUID() };

      const cut = proxy.cutNextCommit('insert into "courses"');
      const first = await postCourse(t, author, body, undefined, key);
      await cut;
      expect(first.statusCode).toBe(503);
      expect(first.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
      const made = await t.db
        .select({ id: courses.id })
        .from(courses)
        .where(eq(courses.createdBy, author.id));
      expect(made).toHaveLength(1); // it committed

      const again = await postCourse(t, author, body, undefined, key);
      expect(again.statusCode).toBe(201);
      expect(again.json<{ data: { course: { _id: string }; replayed?: true } }>().data).toMatchObject({
        course: { _id: made[0]!.id },
        replayed: true,
      });
      expect(await t.db.select().from(courses).where(eq(courses.createdBy, author.id))).toHaveLength(1);
    } finally {
      await t.close();
      await proxy.close();
    }
  });
});
