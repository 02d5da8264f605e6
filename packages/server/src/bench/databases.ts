import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * A fresh, empty, migrated database for one bench size: PGlite in a temporary directory, or a
 * uniquely named PostgreSQL database on the given server, removed by dispose() (unless kept).
 */
export interface BenchDatabase {
  database: Database;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

/**
 * The disposers of the databases open now. A bench stopped with Ctrl-C or `kill` removes them on its
 * way out, as a finished run does: before, every interrupted run left a `bench_*` database (a copy of
 * the 1M-enrolment dataset with --scale) on the server.
 */
const open = new Set<() => Promise<void>>();
let stopping = false;
async function stopOnSignal(signal: NodeJS.Signals) {
  if (stopping) return; // a second signal while dropping: let the first finish
  stopping = true;
  await Promise.allSettled([...open].map((dispose) => dispose()));
  process.exit(signal === 'SIGINT' ? 130 : 143);
}
let listening = false;
function track(dispose: () => Promise<void>): () => Promise<void> {
  if (!listening) {
    listening = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopOnSignal(signal));
  }
  const once = async () => {
    if (!open.delete(once)) return;
    await dispose();
  };
  open.add(once);
  return once;
}

export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  options: { serverUrl?: string; keep: boolean; log: (line: string) => void },
): Promise<BenchDatabase> {
  const { serverUrl, keep, log } = options;
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, dispose: track(async () => rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl!, `create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  // No statement deadlines (decision 081): the load and the VACUUM between routes run for minutes at
  // scale. What they add to a request is a server setting and Node's refresh of each connection's
  // inactivity timer on its reads and writes (not measured separately).
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory://', statementTimeoutMs: 0 });
  return {
    database,
    databaseUrl: url.toString(),
    dispose: track(async () => {
      if (keep) log(`Kept database ${name}`);
      else await dropDatabase(serverUrl!, name);
    }),
  };
}

async function adminQuery(serverUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/** Lets the closed pool's sockets finish closing first: forcing them mid-goodbye raises 57P01 errors. */
async function dropDatabase(serverUrl: string, name: string) {
  for (let i = 0; i < 50; i++) {
    const [row] = await adminQuery(
      serverUrl,
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (row?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}
