import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { VERIFICATION_TTL_MS } from '../auth/auth.service.ts';
import { RESET_TTL_SECONDS } from '../auth/password-reset.service.ts';
import {
  MAIL_LIFETIME_MS,
  queuePasswordResetMail,
  queueSignupAttemptMail,
  queueVerificationMail,
} from './mail.service.ts';
import { unsentMailTo } from './mail.outbox.ts';

/** Decision 105: each queued message expires when what it carries does. */
describe('the lifetime of a queued message', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Only the rows are looked at here: nothing is sent.
    await t.app.outbox.stop();
  });
  afterAll(() => t.close());

  const lifetimeOf = async (to: string) => {
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    return row!.expiresAt.getTime() - row!.createdAt.getTime();
  };

  it('is the validity of the code or link it carries', () => {
    expect(MAIL_LIFETIME_MS.passwordReset).toBe(RESET_TTL_SECONDS * 1000);
    expect(MAIL_LIFETIME_MS.verification).toBe(VERIFICATION_TTL_MS);
  });

  it('is 15 minutes for a reset code, 24 hours for a verification link, 3 days for a notice', async () => {
    const base = { lang: 'en' as const, name: 'Omar' };
    await queuePasswordResetMail(t.db, { ...base, to: 'reset@example.test', code: '123456' });
    await queueVerificationMail(t.db, { ...base, to: 'verify@example.test', link: 'http://x/verifyemail/t' });
    await queueSignupAttemptMail(t.db, {
      ...base,
      to: 'notice@example.test',
      verified: true,
      loginLink: 'http://x/login',
      resetLink: 'http://x/forgotpassword',
    });
    expect(await lifetimeOf('reset@example.test')).toBe(15 * 60_000);
    expect(await lifetimeOf('verify@example.test')).toBe(24 * 3_600_000);
    expect(await lifetimeOf('notice@example.test')).toBe(3 * 24 * 3_600_000);
  });
});

/** Decision 143: each reset request looks up the unsent mail of its address before it answers. */
describe('the unsent mail of an address', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('is found through its index, not by reading the outbox', async () => {
    const query = t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(unsentMailTo('passwordReset', 'Someone@Example.test'))
      .toSQL();
    const plan = await queryPlan(t.db, query);
    expect(plan).toContain('Index Scan using email_outbox_unsent_to_idx');
    // The address is what the index is searched by, not only a filter after a walk of every unsent row
    // (with sequential scans off, the planner walks this partial index for those anyway).
    expect(plan).toMatch(/Index Cond: .*lower\("to"\) = 'someone@example\.test'/);
  });
});
