import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser } from '../../test/factories.ts';
import { createCourse } from '../../test/course-fixtures.ts';
import { searchTextOf } from './course-tree.ts';
import { courses } from '../../db/schema.ts';

const migration = readFileSync(
  new URL('../../../drizzle/0005_search_text_author.sql', import.meta.url),
  'utf8',
);

describe('migration 0005: the search text of the courses stored before holds their author', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes what the app writes, from the course’s own columns', async () => {
    const owner = await createUser(t, 'Contributor');
    const written = [
      {
        title: 'Open Hardware',
        title_tr: 'الأجهزةُ المفتوحة',
        author: 'مؤسسة العلوم المفتوحة',
        description_tr: null,
      },
      { title: 'Data  Stewardship', title_tr: null, author: 'Dr. Emile  NGUYEN', description_tr: 'إدارة' },
    ];
    const ids: string[] = [];
    for (const overrides of written) ids.push((await createCourse(t, owner, overrides))._id);
    // As a course stored before the author was searched: its text without the author.
    await t.db.update(courses).set({ searchText: sql`'stale'` });

    await t.db.execute(sql.raw(migration));

    for (const id of ids) {
      const [row] = await t.db.select().from(courses).where(eq(courses.id, id));
      const expected = searchTextOf({
        title: row!.title,
        title_tr: row!.titleTr,
        description: row!.description,
        description_tr: row!.descriptionTr,
        author: row!.author,
      });
      expect(row!.searchText).toBe(expected);
      expect(expected).toContain(row!.author.includes('NGUYEN') ? 'emile nguyen' : 'مؤسسه العلوم المفتوحه');
    }
  });
});
