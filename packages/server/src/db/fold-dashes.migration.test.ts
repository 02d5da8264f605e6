import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@app/shared';
import { upgradedAcross } from '../test/upgraded-across.ts';

/** Decision 174 on a database that already holds users and courses folded with their dashes. */
describe('migration 0020: search text read with dashes as spaces', () => {
  it('folds again the users’ and the courses’ stored search text, and keeps the contributors’ copies following', async () => {
    const client = await upgradedAcross(
      20,
      `insert into users (id, email, firstname, lastname, role) values
         ('00000000-0000-4000-8000-000000000001', 'amna-ali@example.org', 'آمنةُ', 'Al-Qahtani', 'Contributor');
       insert into courses (title, title_tr, description, author, status, created_by) values
         ('Open-Science basics', 'أساسيات العلم المفتوح', 'Data–sharing, step by step', 'Dr. Al-Qahtani', 'Approved',
          '00000000-0000-4000-8000-000000000001');`,
    );
    const user = foldForSearch('آمنةُ Al-Qahtani amna-ali@example.org');
    expect(user).toBe('امنه al qahtani amna ali@example.org');

    const [course] = (
      await client.query<{ search_text: string; creator_search_text: string }>(
        'select search_text, creator_search_text from courses',
      )
    ).rows;
    expect(course).toEqual({
      search_text: foldForSearch(
        'Open-Science basics أساسيات العلم المفتوح Data–sharing, step by step Dr. Al-Qahtani',
      ),
      creator_search_text: user,
    });
    expect(course!.search_text).toContain('open science basics');

    await client.exec(
      `update users set lastname = 'Bin-Saleh' where id = '00000000-0000-4000-8000-000000000001'`,
    );
    const [renamed] = (
      await client.query<{ creator_search_text: string }>('select creator_search_text from courses')
    ).rows;
    expect(renamed!.creator_search_text).toBe(foldForSearch('آمنةُ Bin-Saleh amna-ali@example.org'));
  }, 180_000);
});
