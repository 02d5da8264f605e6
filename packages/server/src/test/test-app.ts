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
