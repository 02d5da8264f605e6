import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** The rows of a raw SQL statement: both drivers answer with a `rows` array; drizzle types it per driver. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
