import net from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, emailVerifications } from '../db/schema.ts';
import { post } from '../features/auth/auth.test-helpers.ts';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * The commit that reaches PostgreSQL while its answer is lost, on a real server (runs only in the
 * server-postgres project): the work after the answer is tried again (decision 147) and must not
 * queue its mail twice (decision 151).
 */
describe('work after the answer whose commit landed but whose answer was lost', () => {
  it('is tried again and queues one mail and one link', async () => {
    const proxy = await commitCutter(new URL(process.env.TEST_DATABASE_URL!));
    const t = await createTestApp({}, { proxyPort: proxy.port });
    try {
      const user = await createUser(t, 'EndUser', { emailVerifiedAt: null });
      const cut = proxy.cutNextCommit();
      expect((await post(t, '/auth/resend-verification', { email: user.email })).statusCode).toBe(200);
      await cut; // the work's COMMIT went through; its connection was cut before the answer came back
      await t.app.afterAnswers.settle(); // tried again after 1 s, through a new connection
      const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
      expect(queued.map((row) => row.kind)).toEqual(['verification']);
      const links = await t.db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, user.id));
      expect(links).toHaveLength(1);
    } finally {
      await t.close();
      await proxy.close();
    }
  });
});

/** A `COMMIT` sent with the simple query protocol ('Q', its length, the text): node-postgres's. */
const COMMIT = /Q[\s\S]{4}commit\0/i;

/**
 * A TCP proxy to PostgreSQL that, once armed, passes on the next `COMMIT` of a transaction that queued
 * a mail (not the outbox's or the housekeeping's own) and then cuts the client's side at once,
 * keeping its own side open until the server has answered (and so committed): the client sees its
 * connection lost with no way to know the commit happened.
 */
async function commitCutter(target: URL) {
  let armed: (() => void) | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(inbound).add(outbound);
    let cut = false;
    let queuesMail = false; // this connection's transaction has written to the outbox
    inbound.on('data', (chunk) => {
      outbound.write(chunk);
      const text = chunk.toString('latin1');
      queuesMail ||= armed !== null && text.includes('insert into "email_outbox"');
      if (!armed || !queuesMail || !COMMIT.test(text)) return;
      const done = armed;
      armed = null;
      cut = true;
      inbound.destroy();
      // The server's answer to the COMMIT: it has committed. Then this side goes too.
      outbound.once('data', () => {
        outbound.destroy();
        done();
      });
    });
    outbound.on('data', (chunk) => {
      if (!cut) inbound.write(chunk);
    });
    for (const socket of [inbound, outbound]) {
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('close', () => {
      if (!cut) outbound.destroy();
    });
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cutNextCommit: () => new Promise<void>((resolve) => (armed = resolve)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
