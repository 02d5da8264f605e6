import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp, logCapture } from '../test/test-app.ts';
import { fromNewIp, signupBody } from '../features/auth/auth.test-helpers.ts';

/** What the log says about an outage of PostgreSQL: its database refuses connections for a while. */
describe('the log of a PostgreSQL outage', () => {
  let t: TestApp;
  const { stream, logged } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  /** A signup: a write, always reaching the database. */
  const signup = () =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(), ...fromNewIp() });

  it('warns while it is away and says once when it answers again, with how long and how many were refused', async () => {
    await t.postgres!.whileAway(async () => {
      for (let i = 0; i < 3; i++) expect((await signup()).statusCode).toBe(503);
    });
    await waitFor(() => logged().some((line) => line.msg.startsWith('database answers again')));
    expect((await signup()).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const warnings = logged().filter((line) => line.msg.startsWith('database unavailable'));
    expect(warnings).toHaveLength(1);
    const back = logged().filter((line) => line.msg.startsWith('database answers again'));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ level: 30, refused: 3, awayMs: expect.any(Number) as unknown });
  });
});
