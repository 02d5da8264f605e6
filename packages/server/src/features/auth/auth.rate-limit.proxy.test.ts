import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FAILED_LOGINS_PER_ADDRESS } from './auth.limits.ts';
import { uniqueEmail } from './auth.test-helpers.ts';

/** Where the per-address limits read the client's address: the socket's, or the proxy's header. */
describe.each([
  { TRUST_PROXY: '1', counts: 'each address a proxy forwards' },
  { TRUST_PROXY: '0', counts: 'the connection’s address, whatever the request claims' },
])('sign-in limits with TRUST_PROXY=$TRUST_PROXY', ({ TRUST_PROXY, counts }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY });
  });
  afterAll(() => t.close());

  const failedLogin = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail(), password: 'wrong password' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '192.0.2.50', // the proxy, or a client connecting directly
    });

  it(`counts ${counts}`, async () => {
    for (let i = 0; i < FAILED_LOGINS_PER_ADDRESS; i += 1)
      expect((await failedLogin('198.51.100.1')).statusCode).toBe(401);
    expect((await failedLogin('198.51.100.1')).statusCode).toBe(429);
    // Another person behind the same proxy, or the same client claiming another address.
    expect((await failedLogin('198.51.100.2')).statusCode).toBe(TRUST_PROXY === '1' ? 401 : 429);
  });
});
