import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { rows } from './rows.ts';

/**
 * Decision 085: deleting a parent row makes PostgreSQL find its children through the foreign key's
 * columns; without an index leading with them it scans the child table whole, once per deleted row
 * (a lesson removed from a popular course took 0.6 s per quiz at a million enrolments). Users and
 * courses are never deleted (deactivated, archived), so keys to them may go without.
 */
const NEVER_DELETED = ['users', 'courses'];

describe('foreign keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('each has an index leading with its columns, unless its parent rows are never deleted', async () => {
    const keys = await rows<{ key: string; parent: string; indexed: boolean }>(
      t.db,
      sql`select c.conrelid::regclass::text || '(' || (
                 select string_agg(a.attname, ', ' order by k.n)
                   from unnest(c.conkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
               ) || ')' as key,
             c.confrelid::regclass::text as parent,
             exists (
               select 1 from pg_index i
                where i.indrelid = c.conrelid
                  and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
             ) as indexed
        from pg_constraint c
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
       order by 1`,
    );
    expect(keys.length).toBeGreaterThan(20);
    const unindexed = keys.filter((key) => !key.indexed && !NEVER_DELETED.includes(key.parent));
    expect(unindexed.map(({ key, parent }) => `${key} → ${parent}`)).toEqual([]);
    // The keys the rule matters most for: a lesson's rows, which an edit of its course deletes (its
    // attempts through their best scores, decision 213).
    for (const key of [
      'quiz_attempts(user_id, resource_id)',
      'quiz_scores(resource_id)',
      'lesson_completions(resource_id)',
    ])
      expect(keys.find((row) => row.key === key)?.indexed, key).toBe(true);
  });
});
