import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../db/schema.ts';
import { post } from '../features/auth/auth.test-helpers.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp, logCapture } from '../test/test-app.ts';

/**
 * The work done after an answer against a real PostgreSQL going away (runs only in the
 * server-postgres project): it waits for the database and is done once it is back (decision 147).
 */
describe('work after the answer while the database is away', () => {
  it('queues the verification mail an answer promised once the database is back, and loses none', async () => {
    const log = logCapture();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    const locker = new pg.Client({ connectionString: t.postgres!.url });
    locker.on('error', () => {}); // its session is ended below with the app's
    try {
      const user = await createUser(t, 'EndUser', { emailVerifiedAt: null });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table email_outbox in exclusive mode');
      // The answer needs only the account's lookup; the link and its mail, made after it, wait behind
      // the lock until the database goes away under them.
      const answer = await post(t, '/auth/resend-verification', { email: user.email });
      expect(answer.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const [row] = await t.postgres!.admin<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [t.postgres!.name],
          );
          expect(row!.n).toBe(1);
        },
        { timeout: 5000, interval: 20 },
      );
      // Its session ended while the lock is still held: ending every session at once, in no set
      // order, may end the locker's first, and the waiting work would then commit before its own end.
      await t.postgres!.admin(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [t.postgres!.name],
      );
      // Away for longer than the first wait (1 s): its next attempt is refused too.
      await t.postgres!.whileAway(() => new Promise((resolve) => setTimeout(resolve, 1500)));

      await t.app.afterAnswers.settle();
      const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
      expect(queued.map((row) => row.kind)).toEqual(['verification']);
      const said = log.logged().filter((line) => line.msg.startsWith('work after the answer'));
      expect(said.map((line) => [line.level, line.msg])).toEqual([
        [40, 'work after the answer waits: the database is unavailable; it is tried again'],
      ]);
      // No line names the address, except the dev mailbox's own record of the mail (this app has no
      // mail server), which comes whenever the outbox gets to it: before this line or after.
      const others = log.logged().filter((line) => !line.msg.startsWith('dev mailbox: '));
      expect(JSON.stringify(others)).not.toContain(user.email);
    } finally {
      await locker.end().catch(() => {});
      await t.close();
    }
  });
});
