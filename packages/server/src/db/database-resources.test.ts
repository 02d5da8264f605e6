import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { multipart, tinyPdf } from '../test/course-fixtures.ts';

/**
 * A database out of disk (or memory, or connections) refuses every write whatever it is: seen with
 * the embedded database on a full disk, where each upload was answered 500 and logged its stack. The
 * error here is the database's own, raised with SQLSTATE 53100 by a trigger (a full disk cannot be
 * made portably in a test).
 */
describe('a database out of resources', () => {
  let t: TestApp;
  let contributor: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    contributor = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  const upload = async () => {
    const form = await multipart({
      file: { data: tinyPdf(), filename: 'notes.pdf', type: 'application/pdf' },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      headers: { ...contributor.auth, ...form.headers, 'accept-language': 'ar' },
      payload: form.payload,
    });
  };

  it('answers 503 with a retry hint and logs one quiet warning, then recovers by itself', async () => {
    await t.db.execute(sql`
      create function disk_is_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
      end $$`);
    await t.db.execute(
      sql`create trigger disk_is_full before insert on files for each row execute function disk_is_full()`,
    );
    lines.length = 0;
    try {
      for (let i = 0; i < 3; i++) {
        const response = await upload();
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          message: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
        });
      }
    } finally {
      await t.db.execute(sql`drop trigger disk_is_full on files`);
      await t.db.execute(sql`drop function disk_is_full()`);
    }
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const warnings = logged.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: '53100' });
    expect(logged.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/insert into|stack/i);

    expect((await upload()).statusCode).toBe(201);
  });
});
