import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';
import { upgradedAcross } from '../test/upgraded-across.ts';

describe('migrations', () => {
  it('are stamped in the order they come: the migrator skips one older than the last applied', () => {
    // drizzle applies a migration only when its journal `when` is later than that of the last one the
    // database has: 0015 was generated with the clock's time, earlier than 0014's hand-set stamp, and
    // an existing database never received it (every course list then failed on the missing column).
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string; when: number }[];
    };
    journal.entries.forEach((entry, index) => {
      const before = journal.entries[index - 1];
      if (before) expect(entry.when, `${entry.tag} after ${before.tag}`).toBeGreaterThan(before.when);
    });
  });
});

/** Decision 128 on a database that already holds courses. */
describe('migration 0015: a course’s content version', () => {
  it('gives the courses stored before it version 1', async () => {
    const client = await upgradedAcross(
      15,
      `insert into users (id, email, firstname, lastname, role) values
         ('00000000-0000-4000-8000-000000000001', 'amna@example.org', 'Amna', 'Ali', 'Contributor');
       insert into courses (title, description, author, status, created_by) values
         ('Open data', 'd', 'x', 'Approved', '00000000-0000-4000-8000-000000000001');`,
    );
    const stored = await client.query<{ title: string; content_version: number }>(
      'select title, content_version from courses',
    );
    expect(stored.rows).toEqual([{ title: 'Open data', content_version: 1 }]);
    await client.close();
  }, 180_000);
});
