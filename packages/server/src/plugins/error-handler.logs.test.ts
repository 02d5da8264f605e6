import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, logCapture } from '../test/test-app.ts';
import { fromNewIp } from '../features/auth/auth.test-helpers.ts';

type Line = { level: number; msg: string; err?: { message?: string }; [key: string]: unknown };

describe('an identity provider that cannot be reached', () => {
  let t: TestApp;
  const { stream, lines } = logCapture();
  const logged = () => lines.map((line) => JSON.parse(line) as Line);
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    t = await createTestApp(
      {
        LOG_LEVEL: 'info',
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
        GOOGLE_CLIENT_ID: 'client',
        GOOGLE_CLIENT_SECRET: 'secret',
      },
      { logStream: stream },
    );
  });
  afterAll(() => t.close());

  it('is one warning per episode, not an error with a stack per request, and never "database error"', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/googlesignin',
        headers: { authorization: 'Bearer CODE' },
        ...fromNewIp(),
        payload: { role: 'EndUser' },
      });
      expect(response.statusCode).toBe(502);
    }
    const all = logged();
    expect(lines.join('\n')).not.toContain('database error');
    expect(all.filter((line) => line.level >= 50)).toEqual([]);
    const upstream = all.filter((line) => line.msg.startsWith('upstream service unavailable'));
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({ level: 40, status: 502, code: 'GOOGLE_SIGNIN_FAILED' });
    expect(JSON.stringify(upstream[0])).not.toMatch(/\n\s+at /);
  });
});
