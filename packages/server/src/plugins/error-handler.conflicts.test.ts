import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { multipart, tinyPdf } from '../test/course-fixtures.ts';

/**
 * Makes every file insert fail with the database's own error of SQLSTATE `state` (a deadlock or a
 * row deleted meanwhile cannot be had on demand through one request); answers the undoing.
 */
async function failFileInserts(t: TestApp, state: string, constraint = ''): Promise<() => Promise<void>> {
  await t.db.execute(
    sql.raw(`
    create function lost_a_race() returns trigger language plpgsql as $$
    begin
      raise exception 'lost a race' using errcode = '${state}', constraint = '${constraint}';
    end $$`),
  );
  await t.db.execute(
    sql`create trigger lost_a_race before insert on files for each row execute function lost_a_race()`,
  );
  return async () => {
    await t.db.execute(sql`drop trigger lost_a_race on files`);
    await t.db.execute(sql`drop function lost_a_race()`);
  };
}

/**
 * Decision 113: a transaction that lost a race and escaped the code's own handling is not a 500.
 * A deadlock or serialization failure is 503 with a prompt `Retry-After`, logged as one warning
 * with its SQLSTATE and no SQL; a foreign key violation (a row the request refers to deleted
 * meanwhile) is 404, as the same request is answered once the deletion is seen.
 */
describe('errors of a transaction that lost a race', () => {
  let t: TestApp;
  let contributor: TestUser;
  const { stream, lines, logged } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
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

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
  ])('answers %s 503 with Retry-After 1 and logs one warning without SQL', async (_name, state) => {
    const undo = await failFileInserts(t, state);
    lines.length = 0;
    try {
      const response = await upload();
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        message: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
      });
    } finally {
      await undo();
    }
    const warnings = logged().filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'transaction conflict; answering 503', route: '/api/v1/files' });
    expect(JSON.stringify(warnings[0])).toContain(state);
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/insert into/i);
    expect((await upload()).statusCode).toBe(201);
  });

  it('answers a foreign key violation 404 NOT_FOUND, logged as one warning naming the constraint', async () => {
    const undo = await failFileInserts(t, '23503', 'files_owner_id_users_id_fk');
    lines.length = 0;
    try {
      const response = await upload();
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'غير موجود.' });
    } finally {
      await undo();
    }
    // Not hidden among refused requests: the known races answer 404 themselves (decision 113), so one
    // that reaches the handler, or a bug writing a dangling id, is worth a look.
    const warnings = logged().filter((line) => line.level === 40);
    expect(warnings).toEqual([
      expect.objectContaining({
        msg: 'a row the request refers to is gone (foreign key); answering 404',
        route: '/api/v1/files',
        method: 'POST',
        reason: '23503',
        constraint: 'files_owner_id_users_id_fk',
      }),
    ]);
    expect(logged().filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.join('\n')).not.toMatch(/insert into|lost a race/i);
  });
});
