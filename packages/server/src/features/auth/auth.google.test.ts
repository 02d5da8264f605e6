import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startOidcProvider, TEST_REDIRECT_URI, type OidcTestProvider } from '../../test/oidc-provider.ts';
import { aString, fromNewIp, login, uniqueEmail, type SignedInBody } from './auth.test-helpers.ts';

describe('Google sign-in against a local OpenID provider', () => {
  let t: TestApp;
  let provider: OidcTestProvider;
  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await createTestApp(provider.appEnv);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  let counter = 0;
  /** A provider account with a fresh subject; returns the subject. */
  function account(email: string, emailVerified = true): string {
    counter += 1;
    const sub = `google-sub-${counter}-${Date.now()}`;
    provider.accounts.set(sub, {
      email,
      email_verified: emailVerified,
      given_name: 'Huda',
      family_name: 'Karim',
    });
    return sub;
  }
  const googleSignIn = (code: string | null, body?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/googlesignin',
      headers: { ...(code === null ? {} : { authorization: `Bearer ${code}` }), ...headers },
      ...fromNewIp(),
      ...(body ? { payload: body } : {}),
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/user', headers: { authorization: `Bearer ${token}` } });

  it('publishes the configuration the browser needs to start the code flow', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        google: {
          enabled: true,
          clientId: provider.clientId,
          authorizationEndpoint: `${provider.issuer}/auth`,
          redirectUri: TEST_REDIRECT_URI,
          scope: 'openid email profile',
        },
        // ORCID is not configured here: hidden.
        orcid: expect.objectContaining({ enabled: false, clientId: null }) as unknown,
      },
    });
    expect(response.body).not.toContain(provider.clientSecret);
  });

  it('creates a verified account with the requested role on first sign-in, then signs the same account in', async () => {
    const email = uniqueEmail('google');
    const sub = account(email);
    const first = await googleSignIn(await provider.authorizationCode(sub), { role: 'Contributor' });
    expect(first.statusCode).toBe(200);
    const body = first.json<SignedInBody>();
    expect(body).toEqual({
      success: true,
      data: {
        access_token: aString,
        user: {
          _id: aString,
          email,
          firstname: 'Huda',
          lastname: 'Karim',
          role: 'Contributor',
          preferred_language: 'en',
        },
      },
    });
    expect((await me(body.data.access_token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ googleSub: sub, passwordHash: null });
    expect(row!.emailVerifiedAt).not.toBeNull();

    // The role only applies at creation.
    const again = await googleSignIn(await provider.authorizationCode(sub), { role: 'EndUser' });
    expect(again.json()).toMatchObject({ data: { user: { _id: body.data.user._id, role: 'Contributor' } } });
  });

  it('defaults the role to EndUser when the body names none', async () => {
    const sub = account(uniqueEmail('google'));
    const response = await googleSignIn(await provider.authorizationCode(sub));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { user: { role: 'EndUser' } } });
  });

  it('refuses SuperAdmin (or any other role) with 400 before talking to the provider', async () => {
    const sub = account(uniqueEmail('google'));
    const response = await googleSignIn(await provider.authorizationCode(sub), { role: 'SuperAdmin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'role', message: aString }],
    });
  });

  it('links to an existing verified account by e-mail and keeps its password and role', async () => {
    const existing = await createUser(t, 'Contributor');
    const sub = account(existing.email);
    const response = await googleSignIn(await provider.authorizationCode(sub), { role: 'EndUser' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { user: { _id: existing.id, role: 'Contributor' } } });
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSub).toBe(sub);
    expect((await login(t, existing.email, existing.password)).statusCode).toBe(200);
  });

  it('linking a never-verified account clears its password and marks it verified', async () => {
    const squatter = await createUser(t, 'EndUser', { emailVerifiedAt: null });
    const sub = account(squatter.email);
    const response = await googleSignIn(await provider.authorizationCode(sub));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { user: { _id: squatter.id } } });
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row!.passwordHash).toBeNull();
    expect(row!.emailVerifiedAt).not.toBeNull();
    // Whoever pre-registered the address cannot get in with the password they chose.
    expect((await login(t, squatter.email, squatter.password)).statusCode).toBe(401);
  });

  it('rejects an e-mail the provider has not verified with 403 GOOGLE_EMAIL_UNVERIFIED', async () => {
    const existing = await createUser(t);
    const sub = account(existing.email, false);
    const response = await googleSignIn(
      await provider.authorizationCode(sub),
      {},
      { 'accept-language': 'ar' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'GOOGLE_EMAIL_UNVERIFIED',
      message: 'البريد الإلكتروني لحسابك في Google غير مؤكَّد.',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row!.googleSub).toBeNull();
  });

  it('refuses a deactivated account', async () => {
    const existing = await createUser(t, 'EndUser', { isActive: false });
    const response = await googleSignIn(await provider.authorizationCode(account(existing.email)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_INACTIVE' });
  });

  it('discovers the provider once and reuses the result', async () => {
    for (let i = 0; i < 2; i += 1)
      await googleSignIn(await provider.authorizationCode(account(uniqueEmail('google'))));
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    const discoveries = provider.requestLog.filter((path) => path === '/.well-known/openid-configuration');
    expect(discoveries).toHaveLength(1);
  });

  it('fails with 400 GOOGLE_SIGNIN_FAILED for a bad, reused or missing code', async () => {
    const bad = await googleSignIn('not-a-real-code');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'GOOGLE_SIGNIN_FAILED' });

    const code = await provider.authorizationCode(account(uniqueEmail('google')));
    expect((await googleSignIn(code)).statusCode).toBe(200);
    const reused = await googleSignIn(code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'GOOGLE_SIGNIN_FAILED' });

    const missing = await googleSignIn(null, { role: 'EndUser' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'GOOGLE_SIGNIN_FAILED' });
  });
});

describe('Google sign-in when the provider cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    t = await createTestApp({
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(() => t.close());

  it('answers 502 GOOGLE_SIGNIN_FAILED and hides the button in the public configuration', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/googlesignin',
      headers: { authorization: 'Bearer some-code' },
      ...fromNewIp(),
      payload: { role: 'EndUser' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'GOOGLE_SIGNIN_FAILED',
      message: 'Google sign-in is temporarily unavailable. Please try again later.',
    });
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(config.json()).toMatchObject({
      data: { google: { enabled: false, clientId: 'client', authorizationEndpoint: null } },
    });
  });
});

describe('Google sign-in when it is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 GOOGLE_SIGNIN_DISABLED and says so in the public configuration', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/googlesignin',
      headers: { authorization: 'Bearer some-code' },
      payload: { role: 'EndUser' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'GOOGLE_SIGNIN_DISABLED' });

    const config = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(config.json()).toEqual({
      success: true,
      data: {
        google: {
          enabled: false,
          clientId: null,
          authorizationEndpoint: null,
          redirectUri: 'http://localhost:3000/auth/google/callback',
          scope: 'openid email profile',
        },
        orcid: {
          enabled: false,
          clientId: null,
          authorizationEndpoint: null,
          redirectUri: 'http://localhost:3000/auth/orcid/callback',
          scope: 'openid',
        },
      },
    });
  });
});
