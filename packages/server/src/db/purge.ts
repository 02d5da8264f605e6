import { asc, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** A table whose rows end at some time (an expiry, a revocation) and can go once they have. */
export interface EndingRows {
  table: PgTable;
  /** Its primary key. */
  id: AnyPgColumn;
  /**
   * When a row ended: a column or an expression. Give it exactly as an index on the table is written,
   * so the purge finds the rows through that index instead of reading the table.
   */
  endedAt: AnyPgColumn | SQL;
}

/**
 * The one statement of every bounded purge (decision 107): deletes at most `limit` rows of `rows`
 * that ended at or before `cutoff` (default: now), the longest ended first, and resolves with how many.
 * One `DELETE … WHERE id IN (SELECT … ORDER BY ended LIMIT … FOR UPDATE SKIP LOCKED)`: rows another
 * transaction holds (one being used, another instance's purge) are skipped, not waited for, so
 * instances purging together never block each other or a request.
 */
export async function deleteEndedRows(
  db: Db,
  { table, id, endedAt }: EndingRows,
  limit: number,
  cutoff: SQL = sql`now()`,
): Promise<number> {
  const ended = db
    .select({ id })
    .from(table)
    .where(lte(sql`${endedAt}`, cutoff))
    .orderBy(asc(endedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db.delete(table).where(inArray(id, ended)).returning({ id });
  return deleted.length;
}
