import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, wellFormed, type OidcSignInResponse } from '@app/shared';
import { users } from '../../db/schema.ts';
import { createUser } from '../../test/factories.ts';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from '../../test/oidc-provider.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fromNewIp, uniqueEmail, type SignedInBody } from './auth.test-helpers.ts';

/**
 * What a provider says is not trusted to be usable: a subject, names and an e-mail address chosen by
 * whoever runs (or fakes) the provider. Real local providers (Google-like and ORCID-like) send them.
 */
describe('OpenID sign-in with provider claims we cannot use as sent', () => {
  let t: TestApp;
  let google: OidcTestProvider;
  let orcid: OidcTestProvider;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    [google, orcid, smtp] = await Promise.all([
      startOidcProvider('google'),
      startOidcProvider('orcid'),
      startSmtpCatcher(),
    ]);
    t = await createTestApp({ ...google.appEnv, ...orcid.appEnv, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([google.close(), orcid.close(), smtp.close()]);
  });

  let counter = 0;
  const fresh = (label: string) => {
    counter += 1;
    return `${label}-${counter}-${Date.now()}`;
  };
  /** The routes a code may be posted to, with the error-code prefix each answers with. */
  const routes = [
    { url: '/api/v1/auth/googlesignin', provider: () => google, prefix: 'GOOGLE' },
    { url: '/api/v1/auth/oidc/google', provider: () => google, prefix: 'GOOGLE' },
    { url: '/api/v1/auth/oidc/orcid', provider: () => orcid, prefix: 'ORCID' },
  ] as const;
  const post = (url: string, code: string, body: object = { role: 'EndUser' }) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${code}` },
      payload: body,
      ...fromNewIp(),
    });
  const signIn = async (provider: OidcTestProvider, url: string, sub: string, account: OidcTestAccount) => {
    provider.accounts.set(sub, account);
    return post(url, await provider.authorizationCode(sub));
  };
  const ticketOf = (response: { json: <T>() => T }) => {
    const data = response.json<OidcSignInResponse>().data;
    if (!('ticket' in data)) throw new Error(`expected an e-mail step, got ${JSON.stringify(data)}`);
    return data.ticket;
  };
  const giveEmail = (ticket: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/email',
      payload: { ticket, email },
      ...fromNewIp(),
    });
  const usersWithSubject = (sub: string) =>
    t.db
      .select()
      .from(users)
      .where(or(eq(users.googleSub, sub), eq(users.orcid, sub)));

  describe('the subject (sub)', () => {
    it.each(routes)('refuses a subject with a NUL with 400 *_SIGNIN_FAILED on $url', async (route) => {
      const sub = `${fresh('nul')}\u0000x`;
      const response = await signIn(route.provider(), route.url, sub, {
        email: uniqueEmail('nul-sub'),
        email_verified: true,
        given_name: 'Huda',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: `${route.prefix}_SIGNIN_FAILED` });
    });

    it.each(routes)('refuses a subject longer than 255 characters on $url', async (route) => {
      const sub = fresh('long').padEnd(256, 'x');
      const response = await signIn(route.provider(), route.url, sub, {
        email: uniqueEmail('long-sub'),
        email_verified: true,
        given_name: 'Huda',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: `${route.prefix}_SIGNIN_FAILED` });
      expect(await usersWithSubject(sub)).toHaveLength(0);
    });

    it('accepts a subject of exactly 255 characters', async () => {
      const sub = fresh('max').padEnd(255, 'x');
      const email = uniqueEmail('max-sub');
      const response = await signIn(google, '/api/v1/auth/googlesignin', sub, {
        email,
        email_verified: true,
        given_name: 'Huda',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<SignedInBody>().data.user.email).toBe(email);
    });
  });

  describe('names', () => {
    const long = 'ب'.repeat(100_000);

    it('keeps at most LIMITS.nameMax characters of a provider’s given and family names (Google)', async () => {
      const email = uniqueEmail('long-name');
      const response = await signIn(google, '/api/v1/auth/googlesignin', fresh('names'), {
        email,
        email_verified: true,
        given_name: long,
        family_name: `Karim ${'y'.repeat(200)}`,
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row!.firstname).toBe('ب'.repeat(LIMITS.nameMax));
      expect(row!.lastname).toBe(`Karim ${'y'.repeat(LIMITS.nameMax - 6)}`);
    });

    it('never splits a character made of two UTF-16 units (a surrogate pair) at the limit', async () => {
      const email = uniqueEmail('emoji');
      // 'a' then 😀 (two units each): the 100th unit is the first half of a pair.
      const response = await signIn(google, '/api/v1/auth/oidc/google', fresh('emoji'), {
        email,
        email_verified: true,
        given_name: `a${'😀'.repeat(80)}`,
        family_name: 'Karim',
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.email, email));
      expect(row!.firstname).toBe(`a${'😀'.repeat(49)}`);
      expect(wellFormed(row!.firstname)).toBe(true);
    });

    it('caps names carried through the e-mail step (ORCID), and a subject standing in for a missing name', async () => {
      const iD = fresh('0000-0002');
      const ticket = ticketOf(
        await signIn(orcid, '/api/v1/auth/oidc/orcid', iD, { given_name: long, family_name: long }),
      );
      expect((await giveEmail(ticket, uniqueEmail('orcid-long'))).statusCode).toBe(201);
      const [row] = await t.db.select().from(users).where(eq(users.orcid, iD));
      expect(row!.firstname).toHaveLength(LIMITS.nameMax);
      expect(row!.lastname).toHaveLength(LIMITS.nameMax);

      // No name at all: the account is named after the subject, still within the limit.
      const nameless = fresh('nameless').padEnd(255, '7');
      const second = ticketOf(await signIn(orcid, '/api/v1/auth/oidc/orcid', nameless, {}));
      expect((await giveEmail(second, uniqueEmail('orcid-nameless'))).statusCode).toBe(201);
      const [named] = await t.db.select().from(users).where(eq(users.orcid, nameless));
      expect(named!.firstname).toBe(nameless.slice(0, LIMITS.nameMax));
    });
  });

  describe('the e-mail address', () => {
    const unusable = [
      { label: 'not an address', email: () => 'not an email' },
      { label: 'longer than 254 characters', email: () => `${'a'.repeat(300)}@example.test` },
    ];

    it.each(unusable)(
      'treats an address that is $label as none: e-mail step on /auth/oidc/google, 400 on /auth/googlesignin',
      async ({ email }) => {
        const address = email();
        const step = await signIn(google, '/api/v1/auth/oidc/google', fresh('bad-email'), {
          email: address,
          email_verified: true,
          given_name: 'Huda',
        });
        expect(step.statusCode).toBe(200);
        expect(ticketOf(step)).toBeTruthy();

        const legacy = await signIn(google, '/api/v1/auth/googlesignin', fresh('bad-email'), {
          email: address,
          email_verified: true,
          given_name: 'Huda',
        });
        expect(legacy.statusCode).toBe(400);
        expect(legacy.json()).toMatchObject({ code: 'GOOGLE_SIGNIN_FAILED' });
        expect(await t.db.select().from(users).where(eq(users.email, address.toLowerCase()))).toHaveLength(0);
      },
    );

    // Each turns into the victim's address if cleaned: trim drops the spaces, toLowerCase turns the
    // Kelvin sign (U+212A) into "k" (the victims' addresses start with "kate-").
    const forgeries: [string, (local: string, domain: string) => string][] = [
      ['a NUL', (local, domain) => `${local}\u0000@${domain}`],
      ['an escape', (local, domain) => `${local}\u001b@${domain}`],
      ['a line break', (local, domain) => `${local}\n@${domain}`],
      ['a no-break space after it', (local, domain) => `${local}@${domain}\u00a0`],
      ['a byte-order mark before it', (local, domain) => `\ufeff${local}@${domain}`],
      ['an ideographic space before it', (local, domain) => `\u3000${local}@${domain}`],
      ['the Kelvin sign for its "k"', (local, domain) => `\u212a${local.slice(1)}@${domain}`],
    ];
    it.each(forgeries)('never cleans an address with %s into another person’s address', async (_, forge) => {
      const victim = await createUser(t, 'EndUser', { email: `kate-${randomUUID()}@example.test` });
      const [local, domain] = victim.email.split('@') as [string, string];
      const sub = fresh('takeover');
      const forged = forge(local, domain);
      for (const url of ['/api/v1/auth/googlesignin', '/api/v1/auth/oidc/google']) {
        const response = await signIn(google, url, sub, {
          email: forged,
          email_verified: true,
          given_name: 'Mallory',
        });
        // As if no address were given: the e-mail step, or (the Google-only route) a refusal.
        if (url.endsWith('/googlesignin')) {
          expect(response.statusCode, url).toBe(400);
          expect(response.json()).toMatchObject({ code: 'GOOGLE_SIGNIN_FAILED' });
        } else {
          expect(response.statusCode, url).toBe(200);
          expect(ticketOf(response)).toBeTruthy();
        }
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
      expect(row!.googleSub).toBeNull();
    });

    it('still accepts a valid address whatever its case, stored in lower case', async () => {
      const email = uniqueEmail('Mixed');
      const response = await signIn(google, '/api/v1/auth/googlesignin', fresh('case'), {
        email: email.toUpperCase(),
        email_verified: true,
        given_name: 'Huda',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<SignedInBody>().data.user.email).toBe(email.toLowerCase());
    });
  });
});
