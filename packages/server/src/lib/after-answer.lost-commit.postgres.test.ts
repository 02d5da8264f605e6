import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, emailVerifications } from '../db/schema.ts';
import { post } from '../features/auth/auth.test-helpers.ts';
import { createUser } from '../test/factories.ts';
import { commitCutter } from '../test/commit-cutter.ts';
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
      const cut = proxy.cutNextCommit('insert into "email_outbox"');
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
