import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordingLog } from '../test/recording-log.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { freePort, PrivateRedis } from '../test/private-redis.ts';
import { FAILED_LOGINS_PER_ACCOUNT } from '../features/auth/auth.limits.ts';
import { fromNewIp, signupBody, uniqueEmail } from '../features/auth/auth.test-helpers.ts';
import { SharedCounters } from './shared-counters.ts';

/** Polls until `check` holds (Redis reconnects on its own schedule, up to 2 s between attempts). */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Redis is an optimisation, not a dependency', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await createTestApp({ REDIS_URL: redis.url });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await redis.kill();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, ...fromNewIp() });
  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json<{ redis: string }>();

  /** Sign-in, sign-up and forgot-password answer as usual. */
  async function authStillWorks() {
    expect((await post('/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await post('/auth/signup', signupBody())).statusCode).toBe(201);
    expect((await post('/auth/forgotpassword', { email: user.email })).statusCode).toBe(200);
  }

  it('keeps sign-in, sign-up and forgot-password working when Redis dies mid-run, with per-instance limits, and resumes shared counters when it is back', async () => {
    await eventually(async () => (await health()).redis === 'ok', 'redis ready');
    await authStillWorks();

    await redis.kill();
    await authStillWorks();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect(await health()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });

    // The per-account limit still holds, counted in this process meanwhile.
    const victim = uniqueEmail();
    for (let i = 0; i < FAILED_LOGINS_PER_ACCOUNT; i++)
      expect((await post('/auth/login', { email: victim, password: `guess ${i}` })).statusCode).toBe(401);
    const locked = await post('/auth/login', { email: victim, password: 'one more' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });

    await redis.start();
    await eventually(async () => (await health()).redis === 'ok', 'redis back');
    expect(await health()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    await authStillWorks();
    const keys = await t.app.sharedCounters.redis!.keys('osc-rl-*');
    expect(keys.length).toBeGreaterThan(0);
    // Each counter's keys are named by the counter (no route's `undefined`), and an account's by a
    // digest of its address: the shared cache holds no e-mail address.
    expect(keys.filter((key) => key.includes('undefined') || key.includes('@'))).toEqual([]);
    expect(keys.some((key) => key.startsWith('osc-rl-counter-mails-hour:'))).toBe(true);
  });
});

describe('Redis unreachable at start', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    t = await createTestApp({ REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await t.close();
    await redis.kill();
  });

  it('starts, reports degraded health, serves sign-in, and uses Redis once it appears', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: user.password },
      ...fromNewIp(),
    });
    expect(login.statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });

    await redis.start();
    await eventually(() => t.app.sharedCounters.state() === 'ok', 'redis connected');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toMatchObject({
      status: 'ok',
    });
  });
});

describe('SharedCounters warnings', () => {
  const { log, lines } = recordingLog();
  let counters: SharedCounters | undefined;
  let redis: PrivateRedis | undefined;
  afterEach(async () => {
    await counters?.close();
    await redis?.kill();
  });

  it('logs one warning per outage however many requests meet it, and one line when Redis is back', async () => {
    redis = new PrivateRedis(await freePort());
    counters = new SharedCounters(redis.url, log);
    const Store = counters.storeClass();
    const store = new Store({ continueExceeding: false, exponentialBackoff: false });
    const incr = () =>
      new Promise<number>((resolve, reject) =>
        store.incr('k', (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 100),
      );

    // Unreachable from the start: counted in memory, one warning.
    for (let i = 1; i <= 50; i++) expect(await incr()).toBe(i);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);

    await redis.start();
    await eventually(() => counters!.state() === 'ok', 'redis connected');
    expect(await incr()).toBe(1);
    expect(lines.filter((line) => line.level === 'info')).toHaveLength(1);

    await redis.kill();
    for (let i = 0; i < 50; i++) await incr();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(2);
  });

  it('comes back by itself when commands fail on a connection that stays up (Redis paused, out of memory)', async () => {
    lines.length = 0;
    redis = new PrivateRedis(await freePort());
    await redis.start();
    counters = new SharedCounters(redis.url, log);
    const Store = counters.storeClass();
    const store = new Store({ continueExceeding: false, exponentialBackoff: false });
    const incr = (key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 100),
      );
    await eventually(() => counters!.state() === 'ok', 'redis connected');
    expect(await incr('shared')).toBe(1);

    // Paused: the command times out, this request is counted here, and no reconnect will follow.
    redis.pause();
    expect(await incr('local')).toBe(1);
    expect(counters.state()).toBe('unavailable');
    redis.resume();
    await eventually(() => counters!.state() === 'ok', 'redis answering again');
    expect(await incr('shared')).toBe(2); // counted in Redis again
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);

    // Out of memory: writes are refused while reads are not, so Redis stays unused until it takes writes.
    await counters.redis!.config('SET', 'maxmemory', '1');
    expect(await incr('local')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(counters.state()).toBe('unavailable');
    await counters.redis!.config('SET', 'maxmemory', '0');
    await eventually(() => counters!.state() === 'ok', 'redis taking writes again');
    expect(await incr('shared')).toBe(3);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn', 'info']);
  });
});
