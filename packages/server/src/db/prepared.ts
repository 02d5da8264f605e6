import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { kept } from '../lib/kept.ts';
import type { Db } from './client.ts';

/**
 * Prepared statements belong to one database handle (tests open many). `preparedFor(build)` returns a
 * function that builds a repository's prepared queries once per handle and reuses them afterwards.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => kept(byDb, db, () => build(db));
}

/** Renders SQL as drizzle's own queries do (the same placeholders and parameters). */
const dialect = new PgDialect();

/**
 * A raw SQL statement prepared under `name`, as a query builder's `.prepare(name)` is, for statements
 * the builders cannot express (data-modifying CTEs): PostgreSQL parses and plans it once per
 * connection instead of on every call (decision 065). Values go in through `sql.placeholder(key)`;
 * it answers the rows. Build it inside `preparedFor`.
 */
export function preparedSql<T>(
  db: Db,
  name: string,
  query: SQL,
): (values: Record<string, unknown>) => Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: T[] }).rows;
}
