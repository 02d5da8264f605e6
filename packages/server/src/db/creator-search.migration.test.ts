import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@app/shared';
import { planOf, upgradedAcross } from '../test/upgraded-across.ts';

/** Decision 060 on a database that already holds contributors and their courses. */
describe('migration 0007: each course copies its contributor’s search text', () => {
  it('fills the copy for the courses stored before it, and indexes it', async () => {
    const client = await upgradedAcross(
      7,
      `insert into users (id, email, firstname, lastname, role) values
         ('00000000-0000-4000-8000-000000000001', 'Amna.Ali@Example.ORG', 'آمنةُ', 'AL-QAHTANI', 'Contributor'),
         ('00000000-0000-4000-8000-000000000002', 'omar@example.org', 'Omar', 'Saleh', 'Contributor');
       insert into courses (title, description, author, status, created_by) values
         ('Open data', 'd', 'x', 'Approved', '00000000-0000-4000-8000-000000000001'),
         ('Notebooks', 'd', 'x', 'Draft', '00000000-0000-4000-8000-000000000002');`,
    );

    const copied = await client.query<{ title: string; creator_search_text: string }>(
      'select title, creator_search_text from courses order by title',
    );
    expect(copied.rows).toEqual([
      { title: 'Notebooks', creator_search_text: foldForSearch('Omar Saleh omar@example.org') },
      { title: 'Open data', creator_search_text: foldForSearch('آمنةُ AL-QAHTANI Amna.Ali@Example.ORG') },
    ]);
    expect(
      await planOf(client, `select id from courses where creator_search_text like '%qahtani%'`),
    ).toContain('courses_creator_search_text_trgm_idx');
  }, 180_000);
});
