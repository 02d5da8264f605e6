import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { emailVerifications, passwordResets, sessions } from '../../db/schema.ts';
import { PeriodicPurge, PURGE_BATCH_SIZE } from '../../lib/periodic-purge.ts';
import { createUser } from '../../test/factories.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import type { TestApp } from '../../test/test-app.ts';
import { queryPlan } from '../../test/query-plan.ts';
import { authPurges } from './auth.housekeeping.ts';
import { RESET_ACCOUNT_WINDOW_MS } from './password-reset.service.ts';
import {
  fromNewIp,
  linkToken,
  post,
  resetCode,
  signupBody,
  uniqueEmail,
  type ForgotAnswer,
  type SignupAnswer,
} from './auth.test-helpers.ts';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
/** Expired long enough ago that its failures are out of the account's window. */
const deadLongAgo = () => ago(RESET_ACCOUNT_WINDOW_MS + MINUTE);

/**
 * Decisions 107 and 109: sessions, reset requests and verification links nothing can use any more are
 * deleted, a bounded pass at a time.
 */
describe("the auth feature's housekeeping", () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let job: PeriodicPurge;
  beforeAll(async () => {
    ({ t, smtp } = await startAppOverSmtp());
    // This file's own passes, run by the tests; the app's loop stays out of it.
    await t.app.authHousekeeping.stop();
    job = new PeriodicPurge('test housekeeping', authPurges(t.db), t.app.log);
  });
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  /** Passes until one deletes nothing: no dead row is left from an earlier test. */
  const drain = async () => {
    while (Object.values(await job.runOnce()).some((count) => count > 0));
  };
  const sessionIds = async (ids: string[]) =>
    (await t.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((r) => r.id);
  const verificationIds = async (ids: string[]) =>
    (
      await t.db
        .select({ id: emailVerifications.id })
        .from(emailVerifications)
        .where(inArray(emailVerifications.id, ids))
    )
      .map((r) => r.id)
      .sort();
  const resetIds = async (ids: string[]) =>
    (await t.db.select({ id: passwordResets.id }).from(passwordResets).where(inArray(passwordResets.id, ids)))
      .map((r) => r.id)
      .sort();

  it('deletes expired and revoked sessions and keeps the live ones', async () => {
    const user = await createUser(t);
    const opened = await t.db
      .insert(sessions)
      .values([
        { userId: user.id, expiresAt: ago(1000) },
        { userId: user.id, expiresAt: ahead(MINUTE), revokedAt: new Date() },
        { userId: user.id, expiresAt: ago(MINUTE), revokedAt: ago(2 * MINUTE) },
        { userId: user.id, expiresAt: ahead(MINUTE) },
      ])
      .returning({ id: sessions.id });
    const [expired, revoked, both, live] = opened.map((row) => row.id);

    const deleted = await job.runOnce();
    expect(deleted.sessions).toBeGreaterThanOrEqual(3);
    expect(await sessionIds([expired!, revoked!, both!, live!])).toEqual([live]);
    // The user's sign-in session (createUser's) is live too, and still admits them.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.auth });
    expect(me.statusCode).toBe(200);
  });

  it('deletes reset requests a failure window past their expiry, used or not, with or without an account', async () => {
    const user = await createUser(t);
    // An unknown address still gets a row (the answer must not tell), and it goes like the others.
    const unknown = await post(t, '/auth/forgotpassword', { email: uniqueEmail('nobody') });
    expect(unknown.statusCode).toBe(200);
    const [unknownRow] = await t.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(eq(passwordResets.id, claimsOf(unknown.json<ForgotAnswer>().data.access_token).sid));
    expect(unknownRow).toBeDefined();
    await t.db
      .update(passwordResets)
      .set({ expiresAt: deadLongAgo() })
      .where(eq(passwordResets.id, unknownRow!.id));

    const request = (values: Partial<typeof passwordResets.$inferInsert>) => ({
      id: randomUUID(),
      userId: user.id,
      codeHash: 'x',
      expiresAt: ahead(10 * MINUTE),
      ...values,
    });
    const dead = [
      request({ expiresAt: deadLongAgo(), failedAttempts: 5 }),
      request({ expiresAt: deadLongAgo(), usedAt: ago(20 * MINUTE) }),
      request({ userId: null, codeHash: null, expiresAt: deadLongAgo() }),
    ];
    const kept = [
      request({}), // live
      request({ usedAt: new Date() }), // used now: its failures count for the window
      request({ expiresAt: ago(MINUTE), failedAttempts: 3 }), // expired, but within the window
      request({ expiresAt: ago(RESET_ACCOUNT_WINDOW_MS - MINUTE), failedAttempts: 5 }),
    ];
    await t.db.insert(passwordResets).values([...dead, ...kept]);

    const deleted = await job.runOnce();
    expect(deleted.passwordResets).toBeGreaterThanOrEqual(4);
    const all = [...dead, ...kept].map((row) => row.id);
    expect(await resetIds([...all, unknownRow!.id])).toEqual(kept.map((row) => row.id).sort());
  });

  it('deletes verification links once expired, used or not; a used one stays till then (decision 175)', async () => {
    // A real sign-up, its link followed: the used row stays, and following it again says so.
    const body = signupBody();
    const signup = await post(t, '/auth/signup', body);
    expect(signup.statusCode).toBe(201);
    const token = linkToken(await smtp.waitForMail(body.email));
    const follow = () => t.app.inject({ method: 'GET', url: `/api/v1/auth/verifyemail/${token}` });
    expect((await follow()).statusCode).toBe(200);
    const usedOnce = await follow();
    expect(usedOnce.statusCode).toBe(400);
    expect(usedOnce.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED' });
    const byUser = eq(emailVerifications.userId, signup.json<SignupAnswer>().data.user._id);
    const [followed] = await t.db
      .select({ id: emailVerifications.id })
      .from(emailVerifications)
      .where(byUser);

    const user = await createUser(t);
    const link = (values: Partial<typeof emailVerifications.$inferInsert>) => ({
      id: randomUUID(),
      userId: user.id,
      tokenHash: randomUUID(),
      expiresAt: ahead(MINUTE),
      ...values,
    });
    const dead = [link({ expiresAt: ago(1000) }), link({ expiresAt: ago(1000), usedAt: ago(2000) })];
    const kept = [link({}), link({ expiresAt: ahead(24 * 60 * MINUTE) }), link({ usedAt: ago(1000) })];
    await t.db.insert(emailVerifications).values([...dead, ...kept]);

    const deleted = await job.runOnce();
    expect(deleted.emailVerifications).toBeGreaterThanOrEqual(2);
    const all = [...dead, ...kept].map((row) => row.id);
    expect(await verificationIds([...all, followed!.id])).toEqual(
      [...kept.map((row) => row.id), followed!.id].sort(),
    );

    // Once expired, the used link goes too, and is refused as an unknown one.
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: ago(1000) })
      .where(byUser);
    await job.runOnce();
    expect(await verificationIds([followed!.id])).toEqual([]);
    const purged = await follow();
    expect(purged.statusCode).toBe(400);
    expect(purged.json()).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/verifyemail/never-sent' })).json(),
    );
  });

  it(`deletes at most ${PURGE_BATCH_SIZE} rows of each table a pass, found through an index`, async () => {
    await drain();
    const user = await createUser(t);
    const extra = 5;
    await t.db
      .insert(sessions)
      .values(
        Array.from({ length: PURGE_BATCH_SIZE + extra }, () => ({ userId: user.id, expiresAt: ago(1000) })),
      );
    await t.db.insert(passwordResets).values(
      Array.from({ length: PURGE_BATCH_SIZE + extra }, () => ({
        userId: null,
        expiresAt: deadLongAgo(),
      })),
    );
    await t.db.insert(emailVerifications).values(
      Array.from({ length: PURGE_BATCH_SIZE + extra }, () => ({
        userId: user.id,
        tokenHash: randomUUID(),
        expiresAt: ago(1000),
      })),
    );
    const each = (count: number) => ({ sessions: count, passwordResets: count, emailVerifications: count });
    expect(await job.runOnce()).toEqual(each(PURGE_BATCH_SIZE));
    expect(await job.runOnce()).toEqual(each(extra));
    expect(await job.runOnce()).toEqual(each(0));

    const plan = (query: string) => queryPlan(t.db, query);
    expect(
      await plan(
        `select id from sessions where least(expires_at, revoked_at) <= now()
           order by least(expires_at, revoked_at) limit 100 for update skip locked`,
      ),
    ).toContain('sessions_ended_idx');
    expect(
      await plan(
        `select id from password_resets where expires_at <= now() - interval '15 minutes'
           order by expires_at limit 100 for update skip locked`,
      ),
    ).toContain('password_resets_expires_idx');
    expect(
      await plan(
        `select id from email_verifications where expires_at <= now()
           order by expires_at limit 100 for update skip locked`,
      ),
    ).toContain('email_verifications_expires_idx');
  });

  it("keeps the account's limit on wrong codes right after a purge", async () => {
    const user = await createUser(t);
    const forgot = async () => {
      const response = await post(t, '/auth/forgotpassword', { email: user.email });
      expect(response.statusCode).toBe(200);
      return response.json<ForgotAnswer>().data.access_token;
    };
    const reset = (token: string, code: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/resetpassword',
        headers: { authorization: `Bearer ${token}` },
        ...fromNewIp(),
        payload: { password_reset_code: code, new_password: 'a brand new password' },
      });
    // 5 + 5 wrong codes on the first two requests use up the account's allowance (each request is
    // guessed at before the next is asked for: a newer request ends the older ones, decision 131) ...
    const tokens: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      tokens.push(await forgot());
      const code = resetCode(await smtp.waitForMail(user.email));
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await reset(tokens[i]!, wrong)).json()).toMatchObject({ code: 'RESET_CODE_INVALID' });
    }
    tokens.push(await forgot());
    const latestCode = resetCode(await smtp.waitForMail(user.email));
    // ... and those two are dead now (given up, then expired), though created within the window.
    const spent = tokens.slice(0, 2).map((token) => claimsOf(token).sid);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: ago(1000) })
      .where(inArray(passwordResets.id, spent));
    // An older request of the account, out of the window: the pass deletes it.
    const old = randomUUID();
    await t.db
      .insert(passwordResets)
      .values({ id: old, userId: user.id, codeHash: 'x', failedAttempts: 5, expiresAt: deadLongAgo() });

    await job.runOnce();
    expect(await resetIds([...spent, old])).toEqual([...spent].sort());

    // The third request is refused even with its right code, as before the pass (decision 178).
    const refused = await reset(tokens[2]!, latestCode);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RESET_LOCKED' });
  });

  it('runs its first pass when the app starts, and stops when the app closes', async () => {
    await drain();
    const user = await createUser(t);
    const [before] = await t.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: ago(1000) })
      .returning({ id: sessions.id });

    const app = await buildApp({ env: t.env, db: t.db });
    await app.ready();
    expect(app.authHousekeeping.active).toBe(true);
    const until = Date.now() + 10_000;
    while ((await sessionIds([before!.id])).length > 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sessionIds([before!.id])).toEqual([]);

    await app.close();
    expect(app.authHousekeeping.active).toBe(false);
    const [after] = await t.db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: ago(1000) })
      .returning({ id: sessions.id });
    expect(await app.authHousekeeping.runOnce()).toEqual({
      sessions: 0,
      passwordResets: 0,
      emailVerifications: 0,
    });
    expect(await sessionIds([after!.id])).toEqual([after!.id]);
  });
});

/** The claims of a token (its `sid` names the session or the reset request). */
function claimsOf(token: string): { sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string };
}
