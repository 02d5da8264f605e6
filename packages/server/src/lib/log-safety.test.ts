import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../test/test-app.ts';
import { safeError, safeUrl } from './log-safety.ts';
import { AppError } from './errors.ts';
import { createUser } from '../test/factories.ts';

const aString: unknown = expect.any(String);

describe('safeUrl', () => {
  it('hides the verification token and secret query values, keeps the rest', () => {
    expect(safeUrl('/api/v1/auth/verifyemail/abc123?x=1')).toBe('/api/v1/auth/verifyemail/[redacted]?x=1');
    expect(safeUrl('/verifyemail/abc123')).toBe('/verifyemail/[redacted]');
    // Spelled so the router still finds the route: percent-encoded, in capitals.
    expect(safeUrl('/api/v1/auth/%76erifyemail/SECRETTOKEN1')).toBe('/api/v1/auth/%76erifyemail/[redacted]');
    expect(safeUrl('/VerifyEmail/abc123/')).toBe('/VerifyEmail/[redacted]/');
    expect(safeUrl('/auth/google/callback?code=4%2F0abc&state=xyz&scope=email')).toBe(
      '/auth/google/callback?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(safeUrl('/x?access_token=eyJ.a.b&page=2')).toBe('/x?access_token=[redacted]&page=2');
    expect(safeUrl('/api/v1/course/approved?limit=10')).toBe('/api/v1/course/approved?limit=10');
  });

  it('hides everything after the verification marker, however the address spells it', () => {
    const redacted: [string, string][] = [
      // Extra slashes, matrix parameters, an encoded slash: not the route, but still the token.
      ['/api/v1/auth/verifyemail//SECRETTOKEN123', '/api/v1/auth/verifyemail//[redacted]'],
      ['/verifyemail//SECRETTOKEN123', '/verifyemail//[redacted]'],
      ['/api/v1/auth/verifyemail;x/SECRETTOKEN123', '/api/v1/auth/verifyemail[redacted]/[redacted]'],
      ['/api/v1/auth/verifyemail%2fSECRETTOKEN123', '/api/v1/auth/verifyemail[redacted]'],
      ['/verifyemail%2FSECRETTOKEN123', '/verifyemail[redacted]'],
      ['/verifyemailSECRETTOKEN123', '/verifyemail[redacted]'],
      // The token and whatever follows it; the marker in any case, encoded once or twice.
      ['/verifyemail/SECRETTOKEN123/more', '/verifyemail/[redacted]/[redacted]'],
      ['/api/v1/auth/VERIFY%45MAIL/SECRETTOKEN123', '/api/v1/auth/VERIFY%45MAIL/[redacted]'],
      ['/%2576erifyemail/SECRETTOKEN123', '/%2576erifyemail/[redacted]'],
      ['/api/v1/auth/verifyemail/SECRET%zzTOKEN123', '/api/v1/auth/verifyemail/[redacted]'],
      ['http://host/verifyemail/SECRETTOKEN123?lang=ar', 'http://host/verifyemail/[redacted]?lang=ar'],
      // A verification link carried in a query value (a mail client's safe-link wrapper).
      ['/login?next=%2Fverifyemail%2FSECRETTOKEN123&lang=ar', '/login?next=%2Fverifyemail[redacted]&lang=ar'],
      ['/login?%2Fverifyemail%2Fabc123', '/login?%2Fverifyemail[redacted]'],
      ['/x?code%2Fverifyemail%2FSECRETTOKEN123', '/x?code%2Fverifyemail[redacted]=[redacted]'],
    ];
    for (const [url, safe] of redacted) expect(safeUrl(url), url).toBe(safe);
    expect(safeUrl('/verifyemail/')).toBe('/verifyemail/');
    expect(safeUrl('/api/v1/auth/verify/email/x')).toBe('/api/v1/auth/verify/email/x');
  });

  it('hides a secret query value whatever the encoding of its name or of the "="', () => {
    expect(safeUrl('/auth/google/callback?%63ode%zz=SECRET&scope=email')).toBe(
      '/auth/google/callback?%63ode%zz=[redacted]&scope=email',
    );
    expect(safeUrl('/auth/orcid/callback?code%3DSECRET&st%61te%3DSECRET2')).toBe(
      '/auth/orcid/callback?code=[redacted]&st%61te=[redacted]',
    );
    // A short name, matched whole, with its "=" encoded (a reviewer).
    expect(safeUrl('/x?otp%3D123456&pwd%3Dhunter2&sig%253Dabc&design%3Dok')).toBe(
      '/x?otp=[redacted]&pwd=[redacted]&sig%253Dabc&design%3Dok',
    );
    expect(safeUrl('/auth/google/callback?code&state=')).toBe(
      '/auth/google/callback?code=[redacted]&state=[redacted]',
    );
  });

  it('hides search terms, keeping the name so that a search is seen (decision 136)', () => {
    expect(safeUrl('/api/v1/course?sort=title&q=layla%40example.org&status=Pending')).toBe(
      '/api/v1/course?sort=title&q=[redacted]&status=Pending',
    );
    for (const key of ['q', 'Q', '%71', 'query', 'search', 'SEARCH'])
      expect(safeUrl(`/courses?${key}=Layla+Hassan&page=2`), key).toBe(`/courses?${key}=[redacted]&page=2`);
    // Only the whole names: `quiz`, `queryType` or `research` carry no term.
    expect(safeUrl('/x?quiz=1&queryType=a&research=b')).toBe('/x?quiz=1&queryType=a&research=b');
  });

  it('hides the values of the query keys that commonly carry secrets, whoever sends them', () => {
    const secretKeys = [
      'jwt',
      'JWT',
      'id_token',
      'refresh_token',
      'api_key',
      'apikey',
      'X-API-Key',
      'client_secret',
      'signature',
      'X-Amz-Signature',
      'sig',
      'passwd',
      'pwd',
      'pass',
      'otp',
      'auth',
      'credential',
      'sessionid',
      'sid',
      'ticket',
      'authorization',
      'Authorisation',
      'j%77t', // decoded before the test, as any parser would
    ];
    for (const key of secretKeys)
      expect(safeUrl(`/api/v1/x?${key}=SECRET&page=2`), key).toBe(`/api/v1/x?${key}=[redacted]&page=2`);
    // Keys that merely contain such letters are not secrets: the log keeps them.
    expect(safeUrl('/api/v1/course/approved?page=2&author=x&design=y&signup=1&side=r')).toBe(
      '/api/v1/course/approved?page=2&author=x&design=y&signup=1&side=r',
    );
  });

  it('hides a token-shaped value under any name, its letters encoded or not', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(safeUrl(`/api/v1/x?x=${jwt}&page=2`)).toBe('/api/v1/x?x=[redacted]&page=2');
    expect(safeUrl(`/api/v1/x?x=%65${jwt.slice(1)}&page=2`)).toBe('/api/v1/x?x=[redacted]&page=2');
    // A value that only starts like one stays.
    expect(safeUrl('/api/v1/x?ref=eyJ&page=2')).toBe('/api/v1/x?ref=eyJ&page=2');
  });
});

describe('safeError', () => {
  it("keeps the app's own error's message: an AppError is not a database error", () => {
    const error = new AppError(
      502,
      'GOOGLE_SIGNIN_FAILED',
      { en: 'Google is away', ar: 'غوغل غائب' },
      { x: 1 },
    );
    expect(safeError(error)).toMatchObject({
      type: 'AppError',
      message: 'Google is away',
      code: 'GOOGLE_SIGNIN_FAILED',
    });
  });
});

describe('what a server error logs', () => {
  let t: TestApp;
  const { stream, lines } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a database error to its class, SQLSTATE and stack frames: no SQL, parameters or values', async () => {
    const secret = 'a-secret-value-in-a-query';
    const failure = await t.db
      .execute(sql`select ${secret}::uuid`)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(String((failure as Error).message)).toContain(secret);

    const safe = safeError(failure);
    expect(JSON.stringify(safe)).not.toContain(secret);
    expect(JSON.stringify(safe)).not.toMatch(/select|params/i);
    expect(safe.stack).toMatch(/\n\s+at /);
  });

  it('logs a 5xx with class, request id, route and frames, and answers the envelope', async () => {
    // A real failure inside signup: the INSERT that carries the new password hash fails.
    await t.db.execute(sql`alter table users rename to users_elsewhere`);
    const email = 'someone-real@example.test';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'accept-language': 'ar' },
      payload: {
        firstname: 'Layla',
        lastname: 'Hassan',
        email,
        password: 'the password itself',
        passwordConfirm: 'the password itself',
        role: 'EndUser',
      },
    });
    await t.db.execute(sql`alter table users_elsewhere rename to users`);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
    });

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = logged.find((line) => line.msg === 'unexpected error');
    expect(entry).toMatchObject({
      level: 50,
      reqId: aString,
      route: '/api/v1/auth/signup',
      method: 'POST',
      err: { type: 'DrizzleQueryError', message: 'database error', cause: { code: '42P01' } },
    });
    const text = lines.join('');
    for (const leak of [/insert into/i, /scrypt\$/, /the password itself/, /someone-real/, /params:/])
      expect(text).not.toMatch(leak);
    expect((entry!.err as { stack: string }).stack).toMatch(/^DrizzleQueryError: database error\n\s+at /);
  });
});

describe('what a malformed verification link logs', () => {
  const { stream, lines, logged } = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs the request without the token, however the link was mangled', async () => {
    const urls = [
      '/api/v1/auth/verifyemail;x/SECRETTOKEN123',
      '/api/v1/auth/verifyemail%2fSECRETTOKEN123',
      '/verifyemail%2fSECRETTOKEN123',
      '/api/v1/auth/verifyemail//SECRETTOKEN123',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      const request = logged().find((line) => line.reqId === response.headers['x-request-id'] && line.req);
      expect(request?.req, url).toMatchObject({ url: expect.stringContaining('[redacted]') as unknown });
    }
    expect(lines.join('')).not.toContain('SECRETTOKEN');
  });
});

describe('what a search logs (decision 136)', () => {
  let t: TestApp;
  const { stream, lines, logged } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it("logs that the staff table was searched, not the term (a person's name or address)", async () => {
    const admin = await createUser(t, 'SuperAdmin');
    const term = 'layla.hassan@example.org';
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course?status=Pending&q=${encodeURIComponent(term)}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    const request = logged().find((line) => line.reqId === response.headers['x-request-id'] && line.req);
    expect(request?.req).toMatchObject({ method: 'GET', url: '/api/v1/course?status=Pending&q=[redacted]' });
    const text = lines.join('');
    for (const leak of [term, encodeURIComponent(term), 'layla']) expect(text).not.toContain(leak);
  });
});
