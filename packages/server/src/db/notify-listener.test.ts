import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { sessions } from './schema.ts';
import { randomUUID } from 'node:crypto';
import { createTestApp, openSecondInstance, waitFor, type TestApp } from '../test/test-app.ts';
import { BARRIER_TIMEOUT_MS } from './notify-listener.ts';
import { createUser } from '../test/factories.ts';
import type { App } from '../app.ts';

/**
 * The notification listener of decision 019 against the real database of this project: on
 * PostgreSQL its connection is killed (pg_terminate_backend on this test database only); on PGlite the
 * notifications of a write arrive before the write resolves.
 */
describe('cache notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { authorization: `Bearer ${token}` } });

  it('stays exact when its connection is lost, and is used again once reconnected', async () => {
    const user = await createUser(t, 'EndUser');
    expect((await me(user.token)).statusCode).toBe(200);
    expect(t.app.caches.sessions.size).toBeGreaterThan(0);

    if (t.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
      await admin.connect();
      const { rows } = await admin.query<{ killed: boolean }>(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity
          where datname = current_database() and application_name = 'app_cache_listener'`,
      );
      await admin.end();
      expect(rows).toEqual([{ killed: true }]);
      // The process survives the listener's 'error' event; the caches are emptied and bypassed …
      await waitFor(() => !t.app.caches.usable);
      expect(t.app.caches.sessions.size).toBe(0);
      // … so a change made while no notification can arrive is still seen at once.
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect((await me(user.token)).statusCode).toBe(401);
      expect(t.app.caches.sessions.size).toBe(0);
      // Reconnected (with backoff), the caches are in use again, starting empty.
      await waitFor(() => t.app.caches.usable);
    } else {
      // PGlite: the revocation's notification is applied before the update resolves.
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
      expect(t.app.caches.sessions.size).toBe(0);
      expect((await me(user.token)).statusCode).toBe(401);
    }

    const other = await createUser(t, 'EndUser');
    expect((await me(other.token)).statusCode).toBe(200);
    expect(t.app.caches.sessions.size).toBe(1);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it("a learner's change is revised in place by its writer and evicted by every other instance by its settle, even one published while disconnected", async () => {
    const b = await openSecondInstance(t);
    const learner = randomUUID();
    const warmOn = (app: App) =>
      app.caches.progress.set(learner, new Map([['course', 50]]), app.caches.progress.generation);
    const cached = () => b.app.caches.progress.get(learner) !== undefined;
    const change = () =>
      t.app.caches.learnerChanged(learner, t.app.caches.learnerMark(), 'course', { progress: 75 });
    try {
      await waitFor(() => b.app.caches.usable);
      warmOn(b.app);
      warmOn(t.app);
      change();
      // As the learner routes settle (decision 070): B is known, so A waits for B's acknowledgement.
      await t.app.caches.settle('others');
      expect(cached()).toBe(false);
      await t.app.caches.settle(); // A's own notification comes back, and leaves its revised entry alone
      expect(t.app.caches.progress.get(learner)).toEqual(new Map([['course', 75]]));
      if (!t.env.DATABASE_URL) return; // PGlite: one process, applied at once; nothing can be lost

      // PostgreSQL: this instance's listener (the older of the two) is cut off; the change waits for
      // its reconnection's hello and then reaches B, which never lost its own connection.
      const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'app_cache_listener'
          order by backend_start limit 1`,
      );
      await admin.end();
      await waitFor(() => !t.app.caches.usable);
      warmOn(b.app);
      change();
      await t.app.caches.settle('others'); // not live: returns at once, the change still waiting
      expect(b.app.caches.usable).toBe(true);
      await waitFor(() => t.app.caches.usable);
      await waitFor(() => !cached());
    } finally {
      await b.close();
    }
  });

  it("alone, a learner's change is settled without a round trip, and still published at once to any listener", async () => {
    const learner = randomUUID();
    /** Whether `settling` resolves within a few microtasks: a round trip needs a turn of the event loop. */
    const atOnce = async (settling: Promise<void>) => {
      let done = false;
      void settling.then(() => (done = true));
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
      return done;
    };
    const change = (who = learner) =>
      t.app.caches.learnerChanged(who, t.app.caches.learnerMark(), 'course', { progress: 10 });
    if (!t.env.DATABASE_URL) {
      change(); // PGlite: one process; the other apps on the database get the change at once
      expect(await atOnce(t.app.caches.settle('others'))).toBe(true);
      return;
    }
    // A bare LISTEN on the channel: an instance that has not said hello (yet), so A does not wait for it.
    const listener = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    try {
      await listener.query('LISTEN app_cache');
      await waitFor(() => t.app.caches.usable);
      await new Promise((resolve) => setTimeout(resolve, 400)); // past the hello window (HELLO_MS)
      change();
      expect(await atOnce(t.app.caches.settle('others'))).toBe(true);
      // A second change while the first is on its way goes out after it (decision 074: alone, one
      // statement at most every PUBLISH_GAP_MS), not lost.
      const next = randomUUID();
      change(next);
      expect(await atOnce(t.app.caches.settle('others'))).toBe(true);
      await waitFor(() => heard.some((payload) => payload.endsWith(`:p:${learner}`)));
      await waitFor(() => heard.some((payload) => payload.endsWith(`:p:${next}`)));
      // Every other write still waits for this instance's own listener.
      expect(await atOnce(t.app.caches.settle())).toBe(false);
    } finally {
      await listener.end();
    }
  });

  it("two instances' writes, one after the other's, settle on each other's acknowledgement, never on the barrier's timeout", async () => {
    if (!t.env.DATABASE_URL) return; // PGlite: one process, no barrier
    const b = await openSecondInstance(t);
    try {
      await waitFor(() => b.app.caches.usable);
      // Each knows the other (its hello answered), past the hello window.
      await new Promise((resolve) => setTimeout(resolve, 400));
      // An instance hears its own acknowledgements of the other's barriers too: taken for a peer's,
      // it waited for itself, and its next barrier ended only at the timeout (1 s per write).
      for (const [writer, other] of [
        [t.app, b.app],
        [b.app, t.app],
        [t.app, b.app],
      ] as const) {
        await other.caches.settle(); // the writer acknowledges the other's barrier
        const started = performance.now();
        await writer.caches.settle();
        expect(performance.now() - started).toBeLessThan(BARRIER_TIMEOUT_MS / 2);
      }
    } finally {
      await b.close();
    }
  });
});
