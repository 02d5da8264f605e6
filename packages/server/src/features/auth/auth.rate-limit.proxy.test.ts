import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../../test/test-app.ts';
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

/**
 * A proxy that appends to `X-Forwarded-For` passes on whatever the client put before it: only the
 * entries the trusted proxies wrote name the client (decision 132). Sent through `proxies` (nearest
 * last), a client choosing a new left-most entry for each wrong password is still one address.
 */
describe.each([
  { TRUST_PROXY: '1', proxies: ['192.0.2.50'] },
  { TRUST_PROXY: 'true', proxies: ['192.0.2.50'] },
  { TRUST_PROXY: '2', proxies: ['192.0.2.60', '192.0.2.50'] },
  { TRUST_PROXY: '192.0.2.50', proxies: ['192.0.2.50'] },
  { TRUST_PROXY: '192.0.2.0/24, 2001:db8::1', proxies: ['192.0.2.60', '192.0.2.50'] },
])(
  'TRUST_PROXY=$TRUST_PROXY with a client that writes its own X-Forwarded-For',
  ({ TRUST_PROXY, proxies }) => {
    let t: TestApp;
    const { stream, lines } = logCapture();
    beforeAll(async () => {
      const logStream = stream;
      t = await createTestApp({ TRUST_PROXY, LOG_LEVEL: 'info' }, { logStream });
    });
    afterAll(() => t.close());

    const spoofed = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
    /** The header as the proxies pass it on: the client's own entry, the client's address, then each proxy but the nearest. */
    const failedLogin = (client: string, claimed = spoofed()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: uniqueEmail(), password: 'wrong password' },
        headers: { 'x-forwarded-for': [claimed, client, ...proxies.slice(0, -1)].join(', ') },
        remoteAddress: proxies.at(-1)!,
      });

    it('counts the address the proxies saw, whatever the client put before it', async () => {
      for (let i = 0; i < FAILED_LOGINS_PER_ADDRESS; i += 1)
        expect((await failedLogin('198.51.100.1')).statusCode).toBe(401);
      expect((await failedLogin('198.51.100.1')).statusCode).toBe(429);
      // Another person behind the same proxies is not held back.
      expect((await failedLogin('198.51.100.2')).statusCode).toBe(401);
    });

    it('logs the address the proxies saw', async () => {
      lines.length = 0;
      await failedLogin('198.51.100.3', '198.51.100.4');
      const logged = lines.map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } });
      const addresses = logged.flatMap((entry) => entry.req?.remoteAddress ?? []);
      expect(addresses.length).toBeGreaterThan(0);
      expect(new Set(addresses)).toEqual(new Set(['198.51.100.3']));
    });
  },
);
