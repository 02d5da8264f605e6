import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { PeriodicPurge } from '../../lib/periodic-purge.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailPurges } from './mail.housekeeping.ts';
import { recordingLog } from '../../test/recording-log.ts';

const mail = (to: string) => ({ to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
const expired = (to: string) => ({ ...mail(to), expiresAt: new Date(Date.now() - 1000) });
let counter = 0;
const address = () => `housekeeping-pg-${(counter += 1)}-${Date.now()}@example.test`;

/**
 * Decision 112 on a real PostgreSQL: the mail housekeeping beside another instance (its rows locked)
 * and while the database refuses connections.
 */
describe("the mail feature's housekeeping on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.mailHousekeeping.stop();
    await t.app.outbox.stop();
  });
  afterAll(() => t.close());

  const left = async (addresses: string[]) =>
    (
      await t.db.select({ to: emailOutbox.to }).from(emailOutbox).where(inArray(emailOutbox.to, addresses))
    ).map((row) => row.to);

  it("skips the rows another instance's pass holds, without waiting for it", async () => {
    const [held, free] = [address(), address()];
    await t.db.insert(emailOutbox).values([expired(held), expired(held), expired(free), expired(free)]);
    // Another instance in the middle of its pass: it has locked some expired rows and not yet deleted them.
    const other = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from email_outbox where "to" = $1 for update', [held]);
      const job = new PeriodicPurge('test mail housekeeping', mailPurges(t.db), t.app.log);
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000).unref());
      expect(await Promise.race([job.runOnce(), waited])).toEqual({ outbox: 2 });
      expect(await left([held, free])).toEqual([held, held]);
      await other.query('rollback');
      expect(await job.runOnce()).toEqual({ outbox: 2 });
      expect(await left([held, free])).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it('skips a pass quietly while the database is away, and deletes again once it is back', async () => {
    const to = address();
    await t.db.insert(emailOutbox).values(expired(to));
    const { log, lines } = recordingLog();
    const job = new PeriodicPurge('mail housekeeping', mailPurges(t.db), log);
    expect(await t.postgres!.whileAway(() => job.runOnce())).toEqual({ outbox: 0 });
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'mail housekeeping: skipped while the database is unavailable'],
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/delete from|email_outbox/);

    expect(await job.runOnce()).toEqual({ outbox: 1 });
    expect(await left([to])).toEqual([]);
  });
});
