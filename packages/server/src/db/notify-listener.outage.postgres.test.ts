import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp, logCapture } from '../test/test-app.ts';

/**
 * The cache listener (decision 019) refused for a while: its own database stops taking connections
 * (`ALLOW_CONNECTIONS false` holds for superusers too) and its connection is killed, so it retries with
 * backoff until the database takes connections again.
 */
describe('cache notifications refused for a while', () => {
  let t: TestApp;
  const { stream, logged } = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  async function asAdmin(text: string) {
    const url = new URL(t.env.DATABASE_URL!);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(text.replaceAll('$db', `"${database}"`).replaceAll('$name', `'${database}'`));
    } finally {
      await admin.end();
    }
  }

  it('warns once per interruption, however many retries fail, and says when they resume', async () => {
    await asAdmin('alter database $db allow_connections false');
    try {
      await asAdmin(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $name and application_name = 'app_cache_listener'`,
      );
      await waitFor(() => !t.app.caches.usable);
      // Retries at 250 ms, 500 ms, 1 s, 2 s: at least three are refused.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      await asAdmin('alter database $db allow_connections true');
    }
    await waitFor(() => t.app.caches.usable, 15_000);
    const interrupted = logged().filter((line) => line.msg.startsWith('cache notifications interrupted'));
    expect(interrupted).toHaveLength(1);
    expect(interrupted[0]).toMatchObject({ level: 40 });
    const resumed = logged().filter((line) => line.msg.startsWith('cache notifications resumed'));
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ level: 30, awayMs: expect.any(Number) as unknown });
    expect(resumed[0]!.failures as number).toBeGreaterThanOrEqual(3);
  });
});
