import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@app/shared';
import { planOf, upgradedAcross } from '../test/upgraded-across.ts';

/** Decision 058 on a database that already holds users and courses (an upgrade, not a fresh start). */
describe('migration 0006: trigram search on rows stored before it', () => {
  it('folds the existing users’ names and e-mail addresses, and indexes the existing course text', async () => {
    const client = await upgradedAcross(
      6,
      `insert into users (id, email, firstname, lastname, role)
         values ('00000000-0000-4000-8000-000000000001', 'Amna.Ali@Example.ORG', 'آمنةُ', 'AL-QAHTANI', 'Contributor');
       insert into courses (title, description, author, status, created_by, search_text)
         values ('Open data', 'd', 'x', 'Approved', '00000000-0000-4000-8000-000000000001', 'open data d x');`,
    );

    const users = await client.query<{ search_text: string }>('select search_text from users');
    expect(users.rows).toEqual([{ search_text: foldForSearch('آمنةُ AL-QAHTANI Amna.Ali@Example.ORG') }]);
    const indexes = await client.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'courses_search_text_trgm_idx'`,
    );
    expect(indexes.rows[0]?.indexdef).toContain('gin_trgm_ops');
    // The index answers a search.
    expect(await planOf(client, `select id from courses where search_text like '%data%'`)).toContain(
      'courses_search_text_trgm_idx',
    );
    const found = await client.query(`select id from courses where search_text like '%data%'`);
    expect(found.rows).toHaveLength(1);
  }, 180_000);
});
