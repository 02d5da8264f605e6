import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { onTestFinished } from 'vitest';
import { migrationsFolder, pgliteExtensions } from '../db/client.ts';
import { createPostgresDatabase } from './postgres-database.ts';
import { waitFor } from './test-app.ts';

/** A database a migration test reads with plain SQL; closed (dropped on PostgreSQL) at the test's end. */
export interface UpgradedDatabase {
  query<T extends object>(text: string): Promise<{ rows: T[] }>;
  /** Several statements in one string, no parameters. */
  exec(text: string): Promise<unknown>;
}

interface Opened extends UpgradedDatabase {
  close: () => Promise<void>;
}

/**
 * A database upgraded across migration `idx`, for testing a migration on data stored before it:
 * migrated up to just before `idx` (from a copy of the folder whose journal stops there), given `rows`
 * (SQL), then migrated to the end. On the test project's own database (decision 156): a new database
 * on the PostgreSQL server under test in the PostgreSQL project, a fresh PGlite in the PGlite one (not
 * the migrated template, decision 032: initdb is slow on a busy machine, so give the test a long
 * timeout). Closed when the test ends, passed or failed (a PostgreSQL database would be left).
 */
export async function upgradedAcross(idx: number, rows: string): Promise<UpgradedDatabase> {
  const before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  try {
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < idx);
    writeFileSync(journalPath, JSON.stringify(journal));
    const serverUrl = process.env.TEST_DATABASE_URL;
    const { close, ...upgraded } = serverUrl
      ? await onPostgres(serverUrl, before, rows)
      : await onPglite(before, rows);
    onTestFinished(close);
    return upgraded;
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}

async function onPglite(before: string, rows: string): Promise<Opened> {
  const client = new PGlite({ extensions: pgliteExtensions });
  try {
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: before });
    await client.exec(rows);
    await migratePglite(db, { migrationsFolder });
    return {
      query: (text) => client.query(text),
      exec: (text) => client.exec(text),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function onPostgres(serverUrl: string, before: string, rows: string): Promise<Opened> {
  const database = await createPostgresDatabase(serverUrl, { prefix: 'test_upgrade' });
  const client = new pg.Client({ connectionString: database.url });
  const close = async () => {
    await client.end();
    await database.drop();
  };
  try {
    await client.connect();
    const db = drizzlePg({ client });
    await migratePg(db, { migrationsFolder: before });
    // A string without parameters goes as one simple query: every statement in it runs.
    await client.query(rows);
    await migratePg(db, { migrationsFolder });
    await untilOlderTransactionsEnd(client);
    return {
      query: async <T extends object>(text: string) => ({ rows: (await client.query(text)).rows as T[] }),
      exec: (text) => client.query(text),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * On PostgreSQL an index built over rows an update left behind (a migration's `UPDATE`, then its
 * `CREATE INDEX`) is used only by snapshots taken once every transaction older than the index has
 * ended (`pg_index.indcheckxmin`), and the other test files write on the same server all the time: the
 * plans asked next would not see the index. Waits (a minute at most, then fails) until the oldest
 * transaction running is newer than one begun after the migrations.
 */
async function untilOlderTransactionsEnd(client: pg.Client): Promise<void> {
  const marker = (await client.query<{ xid: string }>('select txid_current()::text as xid')).rows[0]!.xid;
  await waitFor(async () => {
    const { rows } = await client.query<{ passed: boolean }>(
      'select txid_snapshot_xmin(txid_current_snapshot()) > $1::bigint as passed',
      [marker],
    );
    return rows[0]!.passed;
  }, 60_000);
}

/**
 * The plan the database would run for `query`, sequential scans discouraged: a migration test's tables
 * hold a row or two, where a scan always wins, so this shows whether an index can answer at all.
 */
export async function planOf(client: UpgradedDatabase, query: string): Promise<string> {
  await client.exec('set enable_seqscan = off');
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * Rows for a migration test about quiz attempts, as plain SQL any migration since 0023 accepts: a
 * learner, and the owner of an approved course with one section and one quiz; their ids beside it.
 */
export const QUIZ_ROWS = {
  learner: '00000000-0000-4000-8000-000000000001',
  owner: '00000000-0000-4000-8000-000000000002',
  course: '00000000-0000-4000-8000-000000000003',
  quiz: '00000000-0000-4000-8000-000000000004',
  sql: `insert into users (id, email, firstname, lastname, role) values
          ('00000000-0000-4000-8000-000000000001', 'learner@example.org', 'Amna', 'Ali', 'EndUser'),
          ('00000000-0000-4000-8000-000000000002', 'owner@example.org', 'Sara', 'Saleh', 'Contributor');
        insert into courses (id, title, description, author, status, created_by) values
          ('00000000-0000-4000-8000-000000000003', 'Open data', 'Sharing data', 'Sara Saleh', 'Approved',
           '00000000-0000-4000-8000-000000000002');
        insert into course_sections (id, course_id, position, title, description) values
          ('00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000003', 0, 'One', 'First');
        insert into resources (id, section_id, course_id, position, type, title, description, quiz) values
          ('00000000-0000-4000-8000-000000000004', '00000000-0000-4000-8000-000000000005',
           '00000000-0000-4000-8000-000000000003', 0, 'quiz', 'Check', 'Quiz', '[]');`,
} as const;
