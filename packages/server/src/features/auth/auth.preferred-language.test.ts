import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { fromNewIp, post, signupBody } from './auth.test-helpers.ts';

/** Decision 137: the language menu of the web app sets the account's language, and its mails follow. */
describe('PATCH /auth/user: the signed-in user chooses the language of their mails', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()));
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const change = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/user',
      headers,
      payload: payload as object,
      ...fromNewIp(),
    });
  const me = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: user.auth });
  const stored = async (user: TestUser) =>
    (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.preferredLanguage;

  it('changes only the caller’s own account and answers the user as GET /auth/user does', async () => {
    const [omar, other] = [await createUser(t), await createUser(t)];
    // The cached session holds the language it was read with: read it once, so the change must evict it.
    expect((await me(omar)).json()).toMatchObject({ data: { user: { preferred_language: 'en' } } });

    const response = await change(omar.auth, { preferred_language: 'ar' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: true; data: { user: { preferred_language: string } } }>();
    expect(body.data.user).toMatchObject({ _id: omar.id, email: omar.email, preferred_language: 'ar' });
    expect((await me(omar)).json()).toEqual(body);
    expect(await stored(omar)).toBe('ar');
    expect(await stored(other)).toBe('en');

    // Whatever else the body names, nothing but the language changes (no role, no other account).
    const back = await change(omar.auth, { preferred_language: 'en', role: 'SuperAdmin', _id: other.id });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      data: { user: { _id: omar.id, role: 'EndUser', preferred_language: 'en' } },
    });
    expect(await stored(other)).toBe('en');
  });

  it('refuses anyone signed out, and a language it does not offer, in the reader’s language', async () => {
    const user = await createUser(t);
    const signedOut = await change({}, { preferred_language: 'ar' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });

    for (const payload of [{ preferred_language: 'fr' }, {}, { preferred_language: null }, ['ar']]) {
      const refused = await change({ ...user.auth, 'accept-language': 'ar' }, payload);
      expect(refused.statusCode).toBe(400);
      const envelope = refused.json<{ success: false; code: string; message: string }>();
      expect(envelope.success).toBe(false);
      expect(envelope.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await stored(user)).toBe('en');
  });

  it('writes the mails sent without a page asking (a sign-up with the address, a reset from an API client) in the chosen language', async () => {
    const user = await createUser(t, 'EndUser', { preferredLanguage: 'en' });
    expect((await change(user.auth, { preferred_language: 'ar' })).statusCode).toBe(200);

    expect((await post(t, '/auth/signup', signupBody({ email: user.email }))).statusCode).toBe(201);
    const notice = await smtp.waitForMail(user.email);
    expect(notice.subject).toBe('حاول أحدهم التسجيل ببريدك الإلكتروني');
    expect(notice.parsed.headers.get('content-language')).toBe('ar');

    expect((await post(t, '/auth/forgotpassword', { email: user.email })).statusCode).toBe(200);
    const reset = await smtp.waitForMail(user.email);
    expect(reset.subject).toBe('رمز إعادة تعيين كلمة المرور');
    expect(reset.html).toContain('<html lang="ar" dir="rtl">');
  });
});
