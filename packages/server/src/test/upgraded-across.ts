import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, pgliteExtensions } from '../db/client.ts';

/**
 * An embedded database upgraded across migration `idx`, for testing a migration on data stored before
 * it: migrated up to just before `idx` (from a copy of the folder whose journal stops there), given
 * `rows` (SQL), then migrated to the end. The caller closes it. Its own fresh PGlite, not the migrated
 * template (decision 032): initdb is slow on a busy machine, so give the test a long timeout.
 */
export async function upgradedAcross(idx: number, rows: string): Promise<PGlite> {
  const before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  const client = new PGlite({ extensions: pgliteExtensions });
  try {
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < idx);
    writeFileSync(journalPath, JSON.stringify(journal));
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: before });
    await client.exec(rows);
    await migrate(db, { migrationsFolder });
    return client;
  } catch (error) {
    await client.close();
    throw error;
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}

/**
 * The plan the database would run for `query`, sequential scans discouraged: a migration test's tables
 * hold a row or two, where a scan always wins, so this shows whether an index can answer at all.
 */
export async function planOf(client: PGlite, query: string): Promise<string> {
  await client.exec('set enable_seqscan = off');
  const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}
