import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { loadEnv, type Env } from '../env.ts';
import { createPostgresDatabase, type PostgresTestDatabase } from './postgres-database.ts';
import type { LogStream } from '../lib/log-safety.ts';

export interface TestApp {
  app: App;
  db: Db;
  env: Env;
  /** The test's own PostgreSQL database (when TEST_DATABASE_URL is set), e.g. to cut its connections. */
  postgres?: PostgresTestDatabase;
  close(): Promise<void>;
}

/** A second instance of the app on the same data, as another server process behind a balancer would be. */
export interface SecondInstance {
  app: App;
  close(): Promise<void>;
}

/**
 * A real app on a real, empty, migrated database: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a PostgreSQL database with a unique name that is dropped on close. Either starts as a copy of the
 * run's migrated template (test/global-setup.ts), so opening it only checks that nothing is left to
 * migrate.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: {
    logStream?: LogStream;
    /** PostgreSQL: the statement timeout (decision 081) instead of the production one. */
    statementTimeoutMs?: number;
    /** PostgreSQL: reach the server through this local port (a test's proxy), not its own. */
    proxyPort?: number;
  } = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl
    ? await createPostgresDatabase(serverUrl, { template: inject('templateDatabase') ?? undefined })
    : undefined;
  const databaseUrl =
    postgres && options.proxyPort ? viaPort(postgres.url, options.proxyPort) : postgres?.url;
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
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    loadDataDir: templateDump(),
    statementTimeoutMs: options.statementTimeoutMs,
  });
  const app = await buildApp({ env, db: database.db, logStream: options.logStream });
  database.useLogger(app.log);
  await app.ready();
  return {
    app,
    db: database.db,
    env,
    ...(postgres ? { postgres } : {}),
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
    },
  };
}

function viaPort(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

let dump: Buffer | undefined;
/** The migrated PGlite template, read once per test file (the Blob is consumed by each load). */
function templateDump(): Blob | undefined {
  const file = inject('templateDump');
  if (!file) return undefined;
  dump ??= readFileSync(file);
  return new Blob([dump]);
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
export async function waitFor(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One line of the app's log as written (pino's JSON). */
export type LogLine = { level: number; msg: string; [key: string]: unknown };

/**
 * A log that keeps what an app writes to it: `stream` is createTestApp's `logStream`, `lines` the
 * lines as written (cleared with `lines.length = 0`), `logged()` them parsed.
 */
export function logCapture() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    lines,
    logged: () => lines.map((line) => JSON.parse(line) as LogLine),
  };
}
