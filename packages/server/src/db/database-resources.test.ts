import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { multipart, tinyPdf } from '../test/course-fixtures.ts';

/** Makes every file insert on the app's database fail as a full disk does; answers the undoing. */
async function fillDisk(t: TestApp): Promise<() => Promise<void>> {
  await t.db.execute(sql`
    create function disk_is_full() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$`);
  await t.db.execute(
    sql`create trigger disk_is_full before insert on files for each row execute function disk_is_full()`,
  );
  return async () => {
    await t.db.execute(sql`drop trigger disk_is_full on files`);
    await t.db.execute(sql`drop function disk_is_full()`);
  };
}

const upload = async (t: TestApp, contributor: TestUser) => {
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

/** An app whose log lines are kept, as parsed JSON, in `logged()`. */
async function loggingApp() {
  const { stream, lines, logged } = logCapture();
  const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  return { t, lines, logged };
}

const warningsIn = (logged: Record<string, unknown>[]) => logged.filter((line) => line.level === 40);

/**
 * A database out of disk (or memory, or connections) refuses every write whatever it is: seen with
 * the embedded database on a full disk, where each upload was answered 500 and logged its stack. The
 * error here is the database's own, raised with SQLSTATE 53100 by a trigger (a full disk cannot be
 * made portably in a test).
 */
describe('a database out of resources', () => {
  let app: Awaited<ReturnType<typeof loggingApp>>;
  let contributor: TestUser;
  beforeAll(async () => {
    app = await loggingApp();
    contributor = await createUser(app.t, 'Contributor');
  });
  afterAll(() => app.t.close());

  it('answers 503 with a retry hint and logs one quiet warning, then recovers by itself', async () => {
    const undo = await fillDisk(app.t);
    app.lines.length = 0;
    try {
      for (let i = 0; i < 3; i++) {
        const response = await upload(app.t, contributor);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          message: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
        });
      }
    } finally {
      await undo();
    }
    const logged = app.logged();
    const warnings = warningsIn(logged);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: '53100' });
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(app.lines.join('\n')).not.toMatch(/insert into|stack/i);

    expect((await upload(app.t, contributor)).statusCode).toBe(201);
  });

  it('is warned of by each app in a process on its own: one app’s warning holds back none of another’s', async () => {
    // Seen when more test files shared a worker: the quiet period was the module's, not the app's.
    const other = await loggingApp();
    try {
      const otherContributor = await createUser(other.t, 'Contributor');
      const undo = [await fillDisk(app.t), await fillDisk(other.t)];
      try {
        expect((await upload(app.t, contributor)).statusCode).toBe(503);
        other.lines.length = 0;
        expect((await upload(other.t, otherContributor)).statusCode).toBe(503);
      } finally {
        for (const step of undo) await step();
      }
      expect(warningsIn(other.logged())).toMatchObject([{ code: '53100' }]);
    } finally {
      await other.t.close();
    }
  });
});
