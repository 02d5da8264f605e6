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
