import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, passwordResets, sessions, users } from '../../db/schema.ts';
import { openPasswordSession } from '../../lib/sessions.ts';
import { createUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { flushOutbox } from '../mail/mail.outbox.ts';
import { passwordResetService, RESET_ACCOUNT_WINDOW_MS } from './password-reset.service.ts';
import {
  aString,
  fromNewIp,
  login,
  post,
  resetCode,
  uniqueEmail,
  type ForgotAnswer,
  type SignedInBody,
} from './auth.test-helpers.ts';

describe('password reset over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()));
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const forgot = async (email: string, headers: Record<string, string> = {}) => {
    const response = await post(t, '/auth/forgotpassword', { email }, headers);
    expect(response.statusCode).toBe(200);
    // The mail is queued just after the answer (decision 136): by the time we go on, it is.
    await t.app.afterAnswers.settle();
    return response.json<ForgotAnswer>();
  };
  const reset = (token: string, code: string, newPassword = 'a brand new password') =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      headers: { authorization: `Bearer ${token}` },
      ...fromNewIp(),
      payload: { password_reset_code: code, new_password: newPassword },
    });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('resets with the mailed code, ends every old session, and the new password logs in', async () => {
    const user = await createUser(t, 'EndUser', { firstname: 'Omar' });
    const other = await login(t, user.email, user.password);
    const otherAuth = { authorization: `Bearer ${other.json<SignedInBody>().data.access_token}` };

    const answer = await forgot(user.email);
    expect(answer).toEqual({
      success: true,
      data: {
        message: 'If an account exists for this address, we sent a password reset code to it.',
        access_token: aString,
      },
    });
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.text).toContain('Hi Omar,');
    const code = resetCode(mail);
    expect(mail.html).toContain(`>${code}</p>`);

    // The code is stored only as a keyed hash.
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const done = await reset(answer.data.access_token, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      data: { message: 'Your password was reset. Please log in with your new password.' },
    });

    for (const headers of [user.auth, otherAuth]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'a brand new password')).statusCode).toBe(200);

    // The request is used up.
    const reused = await reset(answer.data.access_token, code, 'yet another password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'RESET_EXPIRED' });
  });

  it('mails the code in Arabic to someone who prefers Arabic', async () => {
    const user = await createUser(t, 'EndUser', { firstname: 'عمر', preferredLanguage: 'ar' });
    await forgot(user.email);
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe('رمز إعادة تعيين كلمة المرور');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('مرحبًا عمر،');
    expect(resetCode(mail)).toMatch(/^\d{6}$/);
  });

  it('kills the request after five wrong codes: even the right code then fails', async () => {
    const user = await createUser(t);
    const { data } = await forgot(user.email);
    const code = resetCode(await smtp.waitForMail(user.email));

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await reset(data.access_token, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'RESET_CODE_INVALID',
        // The last one says the request is over (decision 178): "Attempts left: 0." left the form
        // waiting for a code that could not work.
        message:
          attempt < 5
            ? `The reset code is incorrect. Attempts left: ${5 - attempt}.`
            : 'The reset code is incorrect, and this request cannot be used any more. Please request a new code.',
      });
    }
    const right = await reset(data.access_token, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'RESET_EXPIRED' });
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses an expired request with 400 RESET_EXPIRED, in Arabic when asked', async () => {
    const user = await createUser(t);
    const { data } = await forgot(user.email);
    const code = resetCode(await smtp.waitForMail(user.email));
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      headers: { authorization: `Bearer ${data.access_token}`, 'accept-language': 'ar' },
      ...fromNewIp(),
      payload: { password_reset_code: code, new_password: 'a brand new password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'RESET_EXPIRED',
      message: 'انتهت صلاحية طلب إعادة تعيين كلمة المرور أو لم يعد من الممكن استخدامه. يرجى طلب رمز جديد.',
    });
  });

  it('answers an unknown e-mail exactly like a known one, and its token resets nothing', async () => {
    const known = await createUser(t);
    const knownAnswer = await forgot(known.email);
    const unknownAnswer = await forgot(uniqueEmail('nobody'));
    expect(Object.keys(unknownAnswer.data)).toEqual(Object.keys(knownAnswer.data));
    expect(unknownAnswer.data.message).toBe(knownAnswer.data.message);
    // Neither token names a user.
    for (const answer of [knownAnswer, unknownAnswer]) {
      const claims = decodeJwt(answer.data.access_token);
      expect(claims.sub).toBe(claims.sid);
      expect(claims.sub).not.toBe(known.id);
    }
    const attempt = await reset(unknownAnswer.data.access_token, '123456');
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json()).toMatchObject({ code: 'RESET_CODE_INVALID' });
    await t.app.outbox.flush();
    expect(smtp.mails.some((mail) => mail.to.includes('nobody'))).toBe(false);
  });

  it('does not accept a reset token as an access token, nor an access token as a reset token', async () => {
    const user = await createUser(t);
    const { data } = await forgot(user.email);
    const asAccess = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: { authorization: `Bearer ${data.access_token}` },
    });
    expect(asAccess.statusCode).toBe(401);
    const asReset = await reset(user.token, '000000');
    expect(asReset.statusCode).toBe(401);
    expect(asReset.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      ...fromNewIp(),
      payload: { password_reset_code: '000000', new_password: 'a brand new password' },
    });
    expect(missing.statusCode).toBe(401);
  });

  it('limits wrong codes per account across several requests', async () => {
    const user = await createUser(t);
    // Each request is used for 5 wrong codes before the next is asked for (a newer request ends the
    // older ones, decision 131): 5 + 5 wrong codes use up the account's allowance ...
    for (let i = 0; i < 2; i += 1) {
      const token = (await forgot(user.email)).data.access_token;
      const code = resetCode(await smtp.waitForMail(user.email));
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await reset(token, wrongCode(code))).json()).toMatchObject({ code: 'RESET_CODE_INVALID' });
    }
    // ... so the third request is refused even with its right code: said as too many wrong codes, with
    // when the first of them leaves the window (decision 178; it said "expired, request a new code").
    const token = (await forgot(user.email)).data.access_token;
    const latestCode = resetCode(await smtp.waitForMail(user.email));
    const refused = await reset(token, latestCode);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RESET_LOCKED',
      message:
        'Too many wrong codes were entered for this address. Wait up to 15 minutes, then request a new code.',
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(RESET_ACCOUNT_WINDOW_MS / 1000 - 60);
    expect(wait).toBeLessThanOrEqual(RESET_ACCOUNT_WINDOW_MS / 1000);
  });

  it('caps wrong codes for an address without an account exactly as for one with an account', async () => {
    // Two requests with five wrong codes each, then a third request and one wrong code: the answers
    // must not tell whether the address has an account (they used to: RESET_EXPIRED for an account,
    // "Attempts left: 4" for ever for an unknown address).
    const answersFor = async (email: string) => {
      const answers: unknown[] = [];
      for (let i = 0; i < 2; i += 1) {
        const { data } = await forgot(email);
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const wrong = await reset(data.access_token, '000001');
          answers.push([wrong.statusCode, wrong.json<{ code: string; message: string }>().message]);
        }
      }
      const { data } = await forgot(email);
      const third = await reset(data.access_token, '000001');
      answers.push([third.statusCode, third.json<{ code: string }>().code]);
      return answers;
    };
    const known = await createUser(t);
    const knownAnswers = await answersFor(known.email);
    const unknownAnswers = await answersFor(uniqueEmail('nobody'));
    expect(knownAnswers.at(-1)).toEqual([429, 'RESET_LOCKED']);
    expect(unknownAnswers).toEqual(knownAnswers);
    // The address is compared as the server normalises it (trimmed, lower case).
    const mixed = uniqueEmail('Nobody');
    await answersFor(mixed.toLowerCase());
    const { data } = await forgot(` ${mixed.toUpperCase()} `);
    expect((await reset(data.access_token, '000001')).json()).toMatchObject({ code: 'RESET_LOCKED' });
    // No address is stored in plain text.
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, known.id));
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(known.email);
  });

  it('only the newest request’s code works, and a reset ends every other open request', async () => {
    const user = await createUser(t);
    const first = await forgot(user.email);
    const firstCode = resetCode(await smtp.waitForMail(user.email));
    const second = await forgot(user.email);
    const secondMail = await smtp.waitForMail(user.email);
    expect(secondMail.text).toContain('If you asked more than once, use the code in the newest e-mail.');
    const secondCode = resetCode(secondMail);
    // The older request is dead, even with its own right code.
    const older = await reset(first.data.access_token, firstCode);
    expect(older.json()).toMatchObject({ code: 'RESET_EXPIRED' });
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);

    // Two requests open at once (sent together, each inserted before the other ended it): a reset
    // with either one ends the other.
    const third = await forgot(user.email);
    const thirdCode = resetCode(await smtp.waitForMail(user.email));
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() + 10 * 60_000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await reset(third.data.access_token, thirdCode)).statusCode).toBe(200);
    const after = await reset(second.data.access_token, secondCode, 'yet another password');
    expect(after.json()).toMatchObject({ code: 'RESET_EXPIRED' });
    expect((await login(t, user.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('never sends the mail of a request a newer one ended while the mail waited (decision 137)', async () => {
    const user = await createUser(t);
    smtp.refuseNext(1); // the first mail's send fails (451): it waits a minute for its next try
    const first = await forgot(user.email);
    await flushOutbox(t.app);
    const waiting = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(waiting.map((row) => [row.kind, row.attempts, row.sentAt])).toEqual([['passwordReset', 1, null]]);

    const second = await forgot(user.email);
    const mail = await smtp.waitForMail(user.email);
    // The first one's next try comes: it is not sent, its code could no longer work.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.to, user.email));
    await flushOutbox(t.app);
    expect(smtp.mails.filter((caught) => caught.to.includes(user.email))).toEqual([mail]);
    const [ended] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, waiting[0]!.id));
    if (ended) expect([ended.sentAt, ended.expiresAt <= new Date()]).toEqual([null, true]);
    expect((await reset(first.data.access_token, resetCode(mail))).json()).toMatchObject({
      code: 'RESET_EXPIRED',
    });
    expect((await reset(second.data.access_token, resetCode(mail))).statusCode).toBe(200);
  });

  it('queues no mail for a request a newer one ended before its work after the answer ran (decision 147)', async () => {
    // That work can run late: it is tried again while the database is away. Run here by hand, late.
    const resets = passwordResetService(t.app);
    const user = await createUser(t);
    const first = await resets.requestReset(user.email);
    const second = await resets.requestReset(user.email);
    await first.afterAnswer();
    await second.afterAnswer();
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(queued).toHaveLength(1);
    await flushOutbox(t.app);
    const code = resetCode(await smtp.waitForMail(user.email));
    expect((await reset(second.accessToken, code)).statusCode).toBe(200);
  });

  it('queues its mail once when its work runs again after a commit whose answer was lost (decision 151)', async () => {
    // What the retry of decision 147 does when the connection is cut just after the commit: the
    // work runs again, whole. Run here by hand, twice.
    const resets = passwordResetService(t.app);
    const user = await createUser(t);
    const request = await resets.requestReset(user.email);
    await request.afterAnswer();
    await request.afterAnswer();
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, user.email));
    expect(queued).toHaveLength(1);
    await flushOutbox(t.app);
    const code = resetCode(await smtp.waitForMail(user.email));
    expect((await reset(request.accessToken, code)).statusCode).toBe(200);
  });

  it('a request stored before the address was kept on it (migration 0016) still resets', async () => {
    const user = await createUser(t);
    const { data } = await forgot(user.email);
    const code = resetCode(await smtp.waitForMail(user.email));
    await t.db.update(passwordResets).set({ emailKey: null }).where(eq(passwordResets.userId, user.id));
    expect((await reset(data.access_token, code)).statusCode).toBe(200);
  });

  it('mails the code in the language of the page that asked, else in the account’s', async () => {
    const english = await createUser(t, 'EndUser', { firstname: 'Omar', preferredLanguage: 'en' });
    await forgot(english.email, { 'accept-language': 'ar' });
    const arabic = await smtp.waitForMail(english.email);
    expect(arabic.subject).toBe('رمز إعادة تعيين كلمة المرور');
    expect(arabic.text).toContain('إذا طلبت الرمز أكثر من مرة، فاستخدم الرمز الوارد في أحدث رسالة.');

    const prefersArabic = await createUser(t, 'EndUser', { firstname: 'عمر', preferredLanguage: 'ar' });
    await forgot(prefersArabic.email, { 'accept-language': 'en-GB,en;q=0.9' });
    expect((await smtp.waitForMail(prefersArabic.email)).subject).toBe('Your password reset code');
    // A request naming neither language keeps the account's.
    await forgot(prefersArabic.email, { 'accept-language': 'fr' });
    expect((await smtp.waitForMail(prefersArabic.email)).subject).toBe('رمز إعادة تعيين كلمة المرور');
  });

  it('verifies the address of an account that resets its password (the code proves the mailbox)', async () => {
    const user = await createUser(t, 'EndUser', { emailVerifiedAt: null });
    const { data } = await forgot(user.email);
    const code = resetCode(await smtp.waitForMail(user.email));
    expect((await reset(data.access_token, code)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
  });

  it('no sign-in with the old password outlives a reset, however the two interleave', async () => {
    const user = await createUser(t, 'EndUser');
    const answer = await forgot(user.email);
    const code = resetCode(await smtp.waitForMail(user.email));
    // Sign-ins every few milliseconds from before the reset until after it answered: the password is
    // checked (scrypt, slow) before the session is opened, and a reset landing in between used to
    // leave a live session behind (an audit saw 39 of 72).
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const signIns = Array.from({ length: 16 }, (_, i) =>
      pause(i * 6).then(() => login(t, user.email, user.password)),
    );
    await pause(30);
    expect((await reset(answer.data.access_token, code)).statusCode).toBe(200);
    for (const answered of await Promise.all(signIns)) {
      if (answered.statusCode !== 200) {
        expect([401, 429]).toContain(answered.statusCode);
        continue;
      }
      const token = answered.json<SignedInBody>().data.access_token;
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/auth/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
  });

  it('opens no password session once the password checked is no longer the account’s', async () => {
    const user = await createUser(t, 'EndUser');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    const checked = row!.passwordHash!;
    expect(await openPasswordSession(t.db, t.app.tokens, user.id, checked)).toEqual(aString);
    // A reset between the check and the session: refused, and no session row is left.
    await t.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id));
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(await openPasswordSession(t.db, t.app.tokens, user.id, checked)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      before.length,
    );
  });
});
