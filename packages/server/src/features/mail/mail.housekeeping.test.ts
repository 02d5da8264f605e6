import { createServer } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { emailOutbox } from '../../db/schema.ts';
import { PeriodicPurge, PURGE_BATCH_SIZE } from '../../lib/periodic-purge.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mailPurges } from './mail.housekeeping.ts';
import { OutboxWorker } from './mail.outbox.ts';
import type { MailTransport, OutgoingMail } from './mail.transport.ts';
import { recordingLog } from '../../test/recording-log.ts';

const HOUR = 3_600_000;
const mail = (to: string) => ({ to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
const expired = (to: string) => ({ ...mail(to), expiresAt: new Date(Date.now() - 1000) });
const live = (to: string) => ({ ...mail(to), expiresAt: new Date(Date.now() + HOUR) });
let counter = 0;
const address = () => `housekeeping-${(counter += 1)}-${Date.now()}@example.test`;

/** Decisions 105 and 112: expired outbox rows are deleted by the mail feature's periodic purge. */
describe("the mail feature's housekeeping", () => {
  let t: TestApp;
  let job: PeriodicPurge;
  beforeAll(async () => {
    t = await createTestApp();
    // This file's own passes and sends, run by the tests; the app's loops stay out of it.
    await t.app.mailHousekeeping.stop();
    await t.app.outbox.stop();
    job = new PeriodicPurge('test mail housekeeping', mailPurges(t.db), t.app.log);
  });
  afterAll(() => t.close());

  /** Passes until one deletes nothing: no expired row is left from an earlier test. */
  const drain = async () => {
    while (Object.values(await job.runOnce()).some((count) => count > 0));
  };
  const left = async (addresses: string[]) =>
    (await t.db.select({ to: emailOutbox.to }).from(emailOutbox).where(inArray(emailOutbox.to, addresses)))
      .map((row) => row.to)
      .sort();

  it('deletes expired rows, sent, given up or never tried, and keeps the others', async () => {
    const [unsent, sent, givenUp, liveSent, liveUnsent] = [
      address(),
      address(),
      address(),
      address(),
      address(),
    ];
    await t.db
      .insert(emailOutbox)
      .values([
        expired(unsent),
        { ...expired(sent), sentAt: new Date(), attempts: 1, html: '', text: '' },
        { ...expired(givenUp), givenUpAt: new Date(), attempts: 1, html: '', text: '' },
        { ...live(liveSent), sentAt: new Date(), attempts: 1, html: '', text: '' },
        { ...live(liveUnsent), nextAttemptAt: new Date(Date.now() + HOUR) },
      ]);
    expect((await job.runOnce()).outbox).toBeGreaterThanOrEqual(3);
    expect(await left([unsent, sent, givenUp, liveSent, liveUnsent])).toEqual([liveSent, liveUnsent].sort());
  });

  it(`deletes at most ${PURGE_BATCH_SIZE} rows a pass, found through an index`, async () => {
    await drain();
    const to = address();
    await t.db.insert(emailOutbox).values(Array.from({ length: PURGE_BATCH_SIZE + 5 }, () => expired(to)));
    expect(await job.runOnce()).toEqual({ outbox: PURGE_BATCH_SIZE });
    expect(await job.runOnce()).toEqual({ outbox: 5 });
    expect(await job.runOnce()).toEqual({ outbox: 0 });

    const plan = (query: string) => queryPlan(t.db, query);
    expect(
      await plan('select id from email_outbox where expires_at <= now() order by expires_at limit 100'),
    ).toContain('email_outbox_expires_idx');
    expect(
      await plan(
        'select id from email_outbox where expires_at <= now() order by expires_at limit 100 for update skip locked',
      ),
    ).toContain('email_outbox_expires_idx');
  });

  it('lets two instances purge at once: each expired row is deleted by one of them', async () => {
    await drain();
    const to = address();
    const count = PURGE_BATCH_SIZE + PURGE_BATCH_SIZE / 2;
    await t.db.insert(emailOutbox).values(Array.from({ length: count }, () => expired(to)));
    // On PostgreSQL, two connections of the pool, as two instances would run it.
    const other = new PeriodicPurge('other instance', mailPurges(t.db), t.app.log);
    const [mine, theirs] = await Promise.all([job.runOnce(), other.runOnce()]);
    expect(mine.outbox! + theirs.outbox!).toBe(count);
    expect(Math.max(mine.outbox!, theirs.outbox!)).toBeLessThanOrEqual(PURGE_BATCH_SIZE);
    expect(await left([to])).toEqual([]);
  });

  it('takes no row from a send: one that expires while it is sent is delivered once, then deleted', async () => {
    await drain();
    let sending = () => {};
    let release = () => {};
    const started = new Promise<void>((resolve) => (sending = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      kind: 'dev-mailbox',
      async send(message) {
        sent.push(message);
        sending();
        await gate;
      },
      close: () => undefined,
    };
    const { log, lines } = recordingLog();
    const worker = new OutboxWorker(t.db, transport, log);
    const to = address();
    await t.db.insert(emailOutbox).values(live(to));

    const flushing = worker.flush();
    await started;
    // The message expires during its send, and a purge runs meanwhile: the send holds no row.
    await t.db
      .update(emailOutbox)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.to, to));
    expect(await job.runOnce()).toEqual({ outbox: 1 });
    expect(await left([to])).toEqual([]);

    release();
    expect(await flushing).toBe(1);
    expect(await worker.flush()).toBe(0);
    await worker.stop();
    expect(sent.map((message) => message.to)).toEqual([to]);
    expect(await left([to])).toEqual([]);
    expect(lines.filter((line) => line.level === 'warn' || line.level === 'error')).toEqual([]);
  });

  it('skips its passes quietly while the database is away', async () => {
    // A port that refuses connections: grab a free one, then close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 1000,
    });
    const away = drizzle(pool, { schema }) as unknown as Db;
    const { log, lines } = recordingLog();
    const housekeeping = new PeriodicPurge('mail housekeeping', mailPurges(away), log);
    try {
      expect(await housekeeping.runOnce()).toEqual({ outbox: 0 });
      expect(await housekeeping.runOnce()).toEqual({ outbox: 0 });
    } finally {
      await housekeeping.stop();
      await pool.end();
    }
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.message)).toEqual([
      'mail housekeeping: skipped while the database is unavailable',
    ]);
    expect(warnings[0]!.fields).toMatchObject({ code: 'ECONNREFUSED' });
    expect(JSON.stringify(lines)).not.toMatch(/delete from|email_outbox/);
  });

  it('runs its first pass when the app starts, stops before the database closes, and deletes nothing after', async () => {
    await drain();
    const before = address();
    await t.db.insert(emailOutbox).values(expired(before));

    // As main.ts builds it: the database is closed by an onClose hook added before ready.
    const app = await buildApp({ env: t.env, db: t.db });
    let activeAtDatabaseClose: boolean | undefined;
    app.addHook('onClose', async () => {
      activeAtDatabaseClose = app.mailHousekeeping.active;
    });
    await app.ready();
    expect(app.mailHousekeeping.active).toBe(true);
    const until = Date.now() + 10_000;
    while ((await left([before])).length > 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await left([before])).toEqual([]);

    await app.close();
    expect(activeAtDatabaseClose).toBe(false);
    expect(app.mailHousekeeping.active).toBe(false);
    const after = address();
    await t.db.insert(emailOutbox).values(expired(after));
    expect(await app.mailHousekeeping.runOnce()).toEqual({ outbox: 0 });
    expect(await left([after])).toEqual([after]);
  });
});
