import net from 'node:net';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { answers, createApprovedCourse } from '../test/course-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createPostgresDatabase } from '../test/postgres-database.ts';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { openDatabase } from './client.ts';

/**
 * Faults of a real PostgreSQL (runs only in the server-postgres project, which CI always runs):
 * the server's own connections terminated mid-traffic, its database refusing connections for a
 * while, and several instances migrating one empty database at once.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;

type Submit = (lang?: string) => Promise<LightMyRequestResponse>;

/** A learner enrolled in an approved course, and their quiz submission: a write, always reaching the database. */
async function quizSubmitter(t: TestApp): Promise<Submit> {
  const owner = await createUser(t, 'Contributor');
  const admin = await createUser(t, 'SuperAdmin');
  const learner = await createUser(t, 'EndUser');
  const course = await createApprovedCourse(t, owner, admin);
  await t.app.inject({ method: 'GET', url: `/api/v1/course/enroll/${course._id}`, headers: learner.auth });
  return (lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/course/exercise-score/${course._id}`,
      headers: { ...learner.auth, 'accept-language': lang },
      payload: answers(course, 2),
    });
}

function expectUnavailable(response: Awaited<ReturnType<Submit>>, lang: string) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({
    success: false,
    code: 'DATABASE_UNAVAILABLE',
    message:
      lang === 'ar'
        ? 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.'
        : 'The service is briefly unavailable. Please try again in a few seconds.',
  });
}

describe('PostgreSQL outages', () => {
  let t: TestApp;
  let submit: Submit;
  beforeAll(async () => {
    t = await createTestApp();
    submit = await quizSubmitter(t);
  });
  afterAll(() => t.close());

  const terminateConnections = () =>
    t.postgres!.admin<{ pid: number }>(
      'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [t.postgres!.name],
    );

  it('keeps answering while its connections are terminated mid-traffic (503 envelope), then 200 again', async () => {
    // Fill the pool, so terminated connections include idle ones (an unhandled 'error' event of an
    // idle client used to end the process) and busy ones (their statements fail).
    expect((await Promise.all(Array.from({ length: 20 }, () => submit()))).map((r) => r.statusCode)).toEqual(
      Array(20).fill(200),
    );

    let terminated = 0;
    let trafficDone = false;
    const traffic = (async () => {
      const responses = [];
      for (let wave = 0; wave < 6; wave++) {
        responses.push(
          ...(await Promise.all(Array.from({ length: 40 }, (_, i) => submit(i % 2 ? 'ar' : 'en')))),
        );
      }
      trafficDone = true;
      return responses;
    })();
    while (!trafficDone) {
      terminated += (await terminateConnections()).length;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const responses = await traffic;

    expect(terminated).toBeGreaterThan(0);
    const unavailable = responses.filter((r) => r.statusCode !== 200);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const response of unavailable)
      expectUnavailable(
        response,
        response.json<{ message: string }>().message.startsWith('The') ? 'en' : 'ar',
      );

    // Idle connections only, then nothing in flight: the pool drops them and opens new ones.
    await terminateConnections();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 10; i++) expect((await submit()).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 503 while the database refuses connections, /health says so, and recovers by itself', async () => {
    await t.postgres!.whileAway(async () => {
      expectUnavailable(await submit('ar'), 'ar');
      expectUnavailable(await submit('en'), 'en');
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', database: 'unavailable', redis: 'unused' });
    });
    expect((await submit()).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'unused' });
  });
});

/** Short deadlines for the tests: the production statement timeout is STATEMENT_TIMEOUT_MS. */
const STATEMENT_TIMEOUT = 300;

describe('statements that do not come back (decision 081)', () => {
  it('a statement stuck behind a lock is cancelled at the statement timeout: 503, then 200 once it is gone', async () => {
    const t = await createTestApp({}, { statementTimeoutMs: STATEMENT_TIMEOUT });
    const locker = new pg.Client({ connectionString: t.postgres!.url });
    try {
      const submit = await quizSubmitter(t);
      expect((await submit()).statusCode).toBe(200);
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table quiz_attempts in access exclusive mode');
      // Without the timeout this waits as long as the lock is held (here: for ever).
      const stuck = await submit('ar');
      await locker.query('rollback');
      expectUnavailable(stuck, 'ar');
      expect((await submit()).statusCode).toBe(200);
    } finally {
      await locker.end();
      await t.close();
    }
  });

  it('a session an instance left idle inside a transaction is ended by the server, releasing its locks', async () => {
    const t = await createTestApp({}, { statementTimeoutMs: STATEMENT_TIMEOUT });
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const other = new pg.Client({ connectionString: t.postgres!.url });
    try {
      // What a frozen instance cannot do is run its own deadline (the silence timer): turned off here.
      (client.connection.stream as net.Socket).setTimeout(0);
      await client.query('begin');
      await client.query('lock table quiz_attempts in share mode');
      await new Promise((resolve) => setTimeout(resolve, 4 * STATEMENT_TIMEOUT));
      expect(isDatabaseUnavailable(await client.query('select 1').catch((error: unknown) => error))).toBe(
        true,
      );
      // Its lock went with it: another session takes the table at once.
      await other.connect();
      await other.query('begin');
      await other.query('lock table quiz_attempts in exclusive mode nowait');
      await other.query('rollback');
    } finally {
      client.release(true);
      await other.end();
      await t.close();
    }
  });

  it('a server that stops answering without closing: its connections are dropped, 503, then 200 when it is back', async () => {
    const proxy = await freezableProxy(new URL(serverUrl));
    const t = await createTestApp({}, { statementTimeoutMs: STATEMENT_TIMEOUT, proxyPort: proxy.port });
    try {
      const submit = await quizSubmitter(t);
      expect((await submit()).statusCode).toBe(200);
      proxy.freeze();
      // Without the deadline these wait for as long as the server stays silent (here: for ever).
      expectUnavailable(await submit(), 'en');
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      proxy.thaw();
      expect((await submit()).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      proxy.thaw();
      await t.close();
      await proxy.close();
    }
  });
});

/**
 * A TCP relay to PostgreSQL that can stop relaying without closing anything: what a frozen server (or
 * a partition behind a device that still acknowledges) looks like from the client. Bytes sent to it
 * meanwhile wait, as they would in the frozen server's socket buffers.
 */
async function freezableProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      if (frozen) from.pause();
      from.on('data', (chunk) => to.write(chunk));
      from.on('error', () => {});
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('PostgreSQL that accepts connections but never answers', () => {
  it('fails start-up after the connect timeout instead of hanging, as "unavailable"', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const error = await openDatabase({
        url: `postgres://postgres@127.0.0.1:${port}/none`,
        dataDir: '',
      }).catch((caught: unknown) => caught);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      silent.close();
    }
  });
});

describe('several instances starting together on an empty database', () => {
  it('all become ready and the migrations are applied once', async () => {
    const fresh = await createPostgresDatabase(serverUrl);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      JWT_SECRET: 'x'.repeat(40),
      WEB_DIST: '/nonexistent',
      DATABASE_URL: fresh.url,
    });
    const instances = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const database = await openDatabase({ url: fresh.url, dataDir: env.DATA_DIR });
        const app = await buildApp({ env, db: database.db });
        return { database, app };
      }),
    );
    try {
      for (const { app } of instances) {
        expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      }
      const journal = JSON.parse(
        readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const applied = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      for (const { app, database } of instances) {
        await app.close();
        await database.close();
      }
      await fresh.drop();
    }
  });
});
