import { describe, expect, it } from 'vitest';
import { upgradedAcross } from '../test/upgraded-across.ts';

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
  }, 180_000);
});
