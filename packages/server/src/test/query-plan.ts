import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';

/**
 * The plan the database would run `query` with, sequential scans discouraged (a test table is too small
 * for the planner to prefer an index on its own): a test reads which index it names. A query built
 * with drizzle (`.toSQL()`) has its parameters written in; they are strings and numbers here. (The
 * migration tests ask a bare client: `planOf` in upgraded-across.ts.)
 */
export function queryPlan(db: Db, query: string | { sql: string; params: unknown[] }): Promise<string> {
  const text = typeof query === 'string' ? query : inlined(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${text}`));
    return lines.map((line) => line['QUERY PLAN']).join('\n');
  });
}

function inlined(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
