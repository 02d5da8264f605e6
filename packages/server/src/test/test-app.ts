import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';

export interface TestApp {
  app: App;
  db: Db;
  env: Env;
  close(): Promise<void>;
}

/** A second instance of the app on the same data, as another server process behind a balancer would be. */
export interface SecondInstance {
  app: App;
  close(): Promise<void>;
}

/**
 * A real app on a real, empty, migrated database: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a PostgreSQL database with a unique name that is dropped on close.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while they are still
      // closing kills them mid-goodbye and surfaces as an unhandled 57P01 error. Let them go first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    WEB_DIST: '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({ env, db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * Another instance on the same data: on PostgreSQL its own pool and listener on the same database; on
 * PGlite (one process owns the data) another app over the same embedded database. Close it before `t`.
 */
export async function openSecondInstance(t: TestApp): Promise<SecondInstance> {
  const database = t.env.DATABASE_URL
    ? await openDatabase({ url: t.env.DATABASE_URL, dataDir: t.env.DATA_DIR })
    : null;
  const app = await buildApp({ env: t.env, db: database?.db ?? t.db });
  await app.ready();
  let closed = false;
  return {
    app,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database?.close();
    },
  };
}

/** Polls `condition` every 20 ms until it holds (or fails the test after `ms`). */
export async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
