import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logCapture, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { post } from './auth.test-helpers.ts';

/**
 * The two answers that must not tell whether an address has an account by their time (decision 136):
 * what only an account costs (a link made, a mail queued) is done after the answer. Timing cannot be
 * asserted reliably; what is asserted is the structure: with no mail insertable, an account's
 * address still gets the same answer as an unknown one, so nothing that writes the mail runs before
 * the answer. The failure, after it, is logged (without SQL or the address).
 */
describe('resend-verification and forgot-password answer before the work only an account costs', () => {
  let t: TestApp;
  let unverified: TestUser;
  const { stream, lines, logged } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' }, { logStream: stream });
    unverified = await createUser(t, 'EndUser', { emailVerifiedAt: null });
  });
  afterAll(() => t.close());

  const unknown = () => `nobody-${Math.random().toString(36).slice(2)}@example.test`;

  /**
   * `attempt` while no mail can be queued: the outbox refuses every new row (a constraint checked only
   * for rows written from now on), though it can still be read and its existing rows updated, as
   * forgot-password does for every address before its answer (decision 137). The constraint goes once
   * the work after the answers is over.
   */
  async function withoutOutbox<T>(attempt: () => Promise<T>): Promise<T> {
    await t.db.execute(sql`alter table email_outbox add constraint no_new_mail check (false) not valid`);
    try {
      return await attempt();
    } finally {
      await t.app.afterAnswers.settle();
      await t.db.execute(sql`alter table email_outbox drop constraint no_new_mail`);
    }
  }

  it('answers an unverified account’s resend as any other, then logs that its link failed', async () => {
    lines.length = 0;
    const [known, other] = await withoutOutbox(async () => [
      await post(t, '/auth/resend-verification', { email: unverified.email }),
      await post(t, '/auth/resend-verification', { email: unknown() }),
    ]);
    expect([known.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(other.json());
    expect(logged().filter((line) => line.msg === 'work after the answer failed')).toHaveLength(1);
    for (const leak of [/insert into/i, unverified.email]) expect(lines.join('')).not.toMatch(leak);
  });

  it('answers an account’s forgot-password as any other, with a working request, then logs that its mail failed', async () => {
    lines.length = 0;
    const [known, other] = await withoutOutbox(async () => [
      await post(t, '/auth/forgotpassword', { email: unverified.email }),
      await post(t, '/auth/forgotpassword', { email: unknown() }),
    ]);
    expect([known.statusCode, other.statusCode]).toEqual([200, 200]);
    const body = (response: typeof known) => response.json<{ data: { message: string } }>().data.message;
    expect(body(known)).toBe(body(other));
    // The request itself was stored before the answer: its token is answered as a reset request's.
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      headers: {
        authorization: `Bearer ${known.json<{ data: { access_token: string } }>().data.access_token}`,
      },
      payload: {
        password_reset_code: '000000',
        new_password: 'another password',
      },
    });
    expect(reset.json()).toMatchObject({ code: 'RESET_CODE_INVALID' });
    expect(logged().filter((line) => line.msg === 'work after the answer failed')).toHaveLength(1);
    for (const leak of [/insert into/i, unverified.email]) expect(lines.join('')).not.toMatch(leak);
  });
});
