import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: the queries are the same PostgreSQL either way. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; it accepts every query a Db does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the embedded database directory was created by this start. */
  isNew: boolean;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir/db` (or in memory for
 * `memory://`), and applies the committed migrations.
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  if (options.url) {
    // JIT compilation cost ~200 ms on the big list queries and never paid off for these OLTP queries.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c jit=off' });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', isNew: false, close: () => pool.end() };
  }
  const inMemory = options.dataDir === 'memory://';
  const dir = inMemory ? undefined : path.join(options.dataDir, 'db');
  let isNew = inMemory;
  if (dir) {
    mkdirSync(options.dataDir, { recursive: true });
    try {
      mkdirSync(dir);
      isNew = true;
    } catch {
      isNew = false;
    }
  }
  const client = dir ? new PGlite(dir) : new PGlite();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', isNew, close: () => client.close() };
}
