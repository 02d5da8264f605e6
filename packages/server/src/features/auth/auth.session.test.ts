import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { aString, login, uniqueEmail, type ForgotAnswer, type SignedInBody } from './auth.test-helpers.ts';

describe('sign-in, the current user, logout and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (authorization: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { authorization } });

  it('logs in with the API user shape, and the token reads the profile', async () => {
    const user = await createUser(t, 'Contributor', { firstname: 'Nour', lastname: 'Ali' });
    const response = await login(t, user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<SignedInBody>();
    expect(body).toEqual({
      success: true,
      data: {
        access_token: aString,
        user: {
          _id: user.id,
          email: user.email,
          firstname: 'Nour',
          lastname: 'Ali',
          role: 'Contributor',
          preferred_language: 'en',
        },
      },
    });
    const profile = await me(`Bearer ${body.data.access_token}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ success: true, data: { user: body.data.user } });
  });

  it('gives one 401 message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t);
    const wrongPassword = await login(t, user.email, 'not the password');
    const unknown = await login(t, uniqueEmail('ghost'), 'not the password');
    for (const response of [wrongPassword, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Incorrect e-mail or password.',
      });
    }
  });

  it('spends comparable work on unknown e-mails and wrong passwords', async () => {
    const user = await createUser(t);
    // CPU time (scrypt runs on libuv's thread pool, which process.cpuUsage counts) rather than wall
    // time, so other processes loading the machine cannot make this flaky.
    const cpu = async (email: string) => {
      const before = process.cpuUsage();
      await login(t, email, 'not the password');
      const used = process.cpuUsage(before);
      return used.user + used.system;
    };
    await cpu(user.email); // warm-up
    const known = Math.min(await cpu(user.email), await cpu(user.email), await cpu(user.email));
    const unknown = Math.min(
      await cpu(uniqueEmail('ghost')),
      await cpu(uniqueEmail('ghost')),
      await cpu(uniqueEmail('ghost')),
    );
    // Both run scrypt; without the dummy hash the unknown case would cost a small fraction.
    expect(unknown).toBeGreaterThan(known * 0.5);
  });

  it('refuses a deactivated account with 403 ACCOUNT_INACTIVE, only with the right password', async () => {
    const user = await createUser(t, 'EndUser', { isActive: false });
    expect((await login(t, user.email, 'not the password')).statusCode).toBe(401);
    const response = await login(t, user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
  });

  it('refuses a Google-only account (no password) like a wrong password', async () => {
    const user = await createUser(t, 'EndUser', { passwordHash: null, googleSub: 'google-only-sub' });
    const response = await login(t, user.email, user.password);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('admin login gives a SuperAdmin a token and anyone else 403 "Unauthorized"', async () => {
    const adminPassword = 'the admin password';
    const admin = await createUser(t, 'SuperAdmin', { passwordHash: await hashPassword(adminPassword) });
    const ok = await login(t, admin.email, adminPassword, '/auth/login-admin');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { user: { role: 'SuperAdmin' } } });

    const contributor = await createUser(t, 'Contributor');
    const refused = await login(t, contributor.email, contributor.password, '/auth/login-admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, code: 'UNAUTHORIZED_ROLE', message: 'Unauthorized' });
    const arabic = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-admin',
      headers: { 'accept-language': 'ar' },
      remoteAddress: '10.9.9.9',
      payload: { email: contributor.email, password: contributor.password },
    });
    expect(arabic.json()).toMatchObject({ code: 'UNAUTHORIZED_ROLE', message: 'غير مصرح' });

    // The submitted e-mail is what counts: the admin's password with another e-mail gets nothing.
    const mixed = await login(t, contributor.email, adminPassword, '/auth/login-admin');
    expect(mixed.statusCode).toBe(401);
    const wrong = await login(t, admin.email, 'not the password', '/auth/login-admin');
    expect(wrong.statusCode).toBe(401);
  });

  it('logout revokes the session: the token then gives 401 everywhere, other sessions live on', async () => {
    const user = await createUser(t);
    const second = (await login(t, user.email, user.password)).json<SignedInBody>().data.access_token;
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'You have been logged out.' });

    const after = await me(user.auth.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.auth });
    expect(again.statusCode).toBe(401);
    expect((await me(`Bearer ${second}`)).statusCode).toBe(200);
  });

  it('answers 401 without a token, with a garbage token, and with an expired or foreign-signed token', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user' })).json()).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await me('Bearer not.a.jwt')).statusCode).toBe(401);
    expect((await me('Basic abc')).statusCode).toBe(401);

    const sid = (
      JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    ).sid;
    const signed = (secret: string, exp: number) =>
      new SignJWT({ sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    // Same secret and a live session, but past its expiry.
    const expired = await me(`Bearer ${await signed(t.env.JWT_SECRET, now - 60)}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    // Unexpired but signed with another secret.
    expect((await me(`Bearer ${await signed('x'.repeat(64), now + 3600)}`)).statusCode).toBe(401);
    // The same claims correctly signed and unexpired do work, so the two refusals above are real.
    expect((await me(`Bearer ${await signed(t.env.JWT_SECRET, now + 3600)}`)).statusCode).toBe(200);
  });

  it('refuses a password_reset token as an access token', async () => {
    const user = await createUser(t);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotpassword',
      payload: { email: user.email },
      remoteAddress: '10.8.8.8',
    });
    const token = forgot.json<ForgotAnswer>().data.access_token;
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
