import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

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
