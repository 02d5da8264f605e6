import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcSignInResponse } from '@app/shared';
import { users } from '../../db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { startOidcProvider, type OidcTestProvider } from '../../test/oidc-provider.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  fromNewIp,
  linkToken,
  resetCode,
  signupBody,
  uniqueEmail,
  type SignedInBody,
} from './auth.test-helpers.ts';

/**
 * ORCID through the same OpenID flow as Google, against a second local provider that behaves like
 * ORCID: `openid` scope only, names in the ID token, never an e-mail. Google runs beside it.
 */
describe('ORCID sign-in against a local OpenID provider', () => {
  let t: TestApp;
  let orcid: OidcTestProvider;
  let google: OidcTestProvider;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    [orcid, google, smtp] = await Promise.all([
      startOidcProvider('orcid'),
      startOidcProvider('google'),
      startSmtpCatcher(),
    ]);
    t = await createTestApp({ ...orcid.appEnv, ...google.appEnv, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([orcid.close(), google.close(), smtp.close()]);
  });

  let counter = 0;
  /** An ORCID-like account (no e-mail) with a fresh iD; returns the iD. */
  function researcher(): string {
    counter += 1;
    const iD = `0000-0002-${String(1000 + counter)}-${String(Date.now()).slice(-4)}`;
    orcid.accounts.set(iD, { given_name: 'Nadia', family_name: 'Haddad' });
    return iD;
  }
  const signIn = (
    provider: string,
    code: string | null,
    body?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oidc/${provider}`,
      headers: { ...(code === null ? {} : { authorization: `Bearer ${code}` }), ...headers },
      ...fromNewIp(),
      ...(body ? { payload: body } : {}),
    });
  const giveEmail = (ticket: string, email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/email',
      payload: { ticket, email },
      headers,
      ...fromNewIp(),
    });
  const ticketOf = (response: { json: <T>() => T }) => {
    const data = response.json<OidcSignInResponse>().data;
    if (!('ticket' in data)) throw new Error('expected an e-mail step');
    return data.ticket;
  };

  it('offers ORCID next to Google: scope openid, its own callback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(response.json()).toMatchObject({
      data: {
        orcid: {
          enabled: true,
          clientId: orcid.clientId,
          authorizationEndpoint: `${orcid.issuer}/auth`,
          redirectUri: 'http://localhost:3000/auth/orcid/callback',
          scope: 'openid',
        },
        google: { enabled: true, scope: 'openid email profile' },
      },
    });
    expect(response.body).not.toContain(orcid.clientSecret);
  });

  it('asks for an e-mail, creates the account with the ORCID iD and role once the link is opened, then signs in', async () => {
    const iD = researcher();
    const first = await signIn('orcid', await orcid.authorizationCode(iD), { role: 'Contributor' });
    expect(first.statusCode).toBe(200);
    const ticket = ticketOf(first);
    expect(await t.db.select().from(users).where(eq(users.orcid, iD))).toHaveLength(0);

    const email = uniqueEmail('orcid');
    const given = await giveEmail(ticket, email, { 'accept-language': 'ar' });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toEqual({
      success: true,
      message: `أرسلنا رابط تأكيد إلى ${email}. افتحه لإكمال إنشاء حسابك.`,
    });
    const [row] = await t.db.select().from(users).where(eq(users.orcid, iD));
    expect(row).toMatchObject({
      email,
      firstname: 'Nadia',
      lastname: 'Haddad',
      role: 'Contributor',
      passwordHash: null,
      emailVerifiedAt: null,
    });

    // Until the address is confirmed, the iD does not sign in.
    const early = await signIn('orcid', await orcid.authorizationCode(iD));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    const mail = await smtp.waitForMail(email);
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verifyemail/${linkToken(mail)}`,
      ...fromNewIp(),
    });
    expect(verified.statusCode).toBe(200);

    const later = await signIn('orcid', await orcid.authorizationCode(iD), { role: 'EndUser' });
    expect(later.statusCode).toBe(200);
    const body = later.json<SignedInBody>();
    // The role chosen the first time stays; the later request's role does not change it.
    expect(body.data.user).toMatchObject({ _id: row!.id, email, role: 'Contributor' });
  });

  it('never attaches an iD to an existing account by e-mail: same answer, the owner is told; forged or expired tickets refused', async () => {
    const owner = await createUser(t, 'EndUser');
    const iD = researcher();
    const ticket = ticketOf(await signIn('orcid', await orcid.authorizationCode(iD)));
    const taken = await giveEmail(ticket, owner.email);
    const fresh = await giveEmail(
      ticketOf(await signIn('orcid', await orcid.authorizationCode(researcher()))),
      uniqueEmail('fresh'),
    );
    // The answer does not tell which addresses have accounts.
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json<{ message: string }>().message.replace(owner.email, '')).toBe(
      fresh.json<{ message: string }>().message.replace(/\S+@\S+?(?=\.\s|$)/, ''),
    );
    const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow!.orcid).toBeNull();
    const notice = await smtp.waitForMail(owner.email);
    expect(notice.subject).toMatch(/sign up/i);

    const [head, payload, signature] = ticket.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { identity: { sub: string } };
    claims.identity.sub = '0000-0000-0000-0001';
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'garbage', `${head}.${payload}`]) {
      const response = await giveEmail(bad, uniqueEmail('forged'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'OIDC_TICKET_INVALID' });
    }
  });

  it('an iD someone attached to an unconfirmed address is dropped when the owner proves it by a reset', async () => {
    const intruder = researcher();
    const email = uniqueEmail('victim');
    const ticket = ticketOf(await signIn('orcid', await orcid.authorizationCode(intruder)));
    expect((await giveEmail(ticket, email)).statusCode).toBe(201);
    // The owner's own signup changes nothing (decision 016); they reset the password instead.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody({ email }),
      ...fromNewIp(),
    });
    expect(signup.statusCode).toBe(201);
    const [before] = await t.db.select().from(users).where(eq(users.email, email));
    expect(before!.orcid).toBe(intruder);

    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotpassword',
      payload: { email },
      ...fromNewIp(),
    });
    expect(forgot.statusCode).toBe(200);
    const token = forgot.json<{ data: { access_token: string } }>().data.access_token;
    const code = resetCode(
      await smtp.waitForMail(email, (mail) => mail.subject === 'Your password reset code'),
    );
    const reset = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/resetpassword',
      headers: { authorization: `Bearer ${token}` },
      payload: { password_reset_code: code, new_password: 'the owner’s new password' },
      ...fromNewIp(),
    });
    expect(reset.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after).toMatchObject({ orcid: null });
    expect(after!.emailVerifiedAt).not.toBeNull();
    // The intruder's iD no longer signs in to the owner's account: it is asked for an e-mail again.
    const again = await signIn('orcid', await orcid.authorizationCode(intruder));
    expect(again.statusCode).toBe(200);
    expect(ticketOf(again)).toBeTruthy();
  });

  it('uses the same flow for Google: an e-mail-bearing provider never gets the e-mail step', async () => {
    const sub = `google-${Date.now()}`;
    const email = uniqueEmail('g');
    google.accounts.set(sub, { email, email_verified: true, given_name: 'Huda', family_name: 'Karim' });
    const response = await signIn('google', await google.authorizationCode(sub));
    expect(response.statusCode).toBe(200);
    expect(response.json<SignedInBody>().data.user).toMatchObject({ email, role: 'EndUser' });
  });

  it('answers planted codes, unknown providers and a disabled provider without a 5xx', async () => {
    const planted = await signIn('orcid', 'not-a-real-code');
    expect(planted.statusCode).toBe(400);
    expect(planted.json()).toMatchObject({
      code: 'ORCID_SIGNIN_FAILED',
      message: 'ORCID sign-in failed. Please try again.',
    });
    expect((await signIn('orcid', null)).json()).toMatchObject({ code: 'ORCID_SIGNIN_FAILED' });
    expect((await signIn('github', 'x')).statusCode).toBe(400);
    // A code issued for the Google client is refused by ORCID's exchange.
    const sub = `google-${Date.now()}-x`;
    google.accounts.set(sub, { email: uniqueEmail('x'), email_verified: true });
    expect((await signIn('orcid', await google.authorizationCode(sub))).statusCode).toBe(400);
  });
});
