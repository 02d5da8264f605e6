import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { foldForSearch } from '@app/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createUser } from '../test/factories.ts';
import { rows } from './rows.ts';
import { users } from './schema.ts';
import { foldedInSql } from './fold-for-search.ts';

describe('foldedInSql: foldForSearch in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    'إدارةُ البيانات المفتوحة',
    'آمنة  أحمد',
    'مُصطفى ـ علي',
    'ٱلقرآن ﻻ', // alef wasla; a presentation-form ligature that NFKC takes apart
    'Sara  O’Neil\tSMITH ',
    'Ahmed.Ali@Example.ORG',
    'Open-Science \u2013 data\u2011sharing \uFF0D al-Harbi', // hyphen-minus, en dash, non-breaking and full-width hyphens
    '١٢٣ abc',
    '',
  ])('folds %j as the JavaScript does', async (text) => {
    const [row] = await rows<{ folded: string }>(
      t.db,
      sql`select ${foldedInSql(sql`${text}::text`)} as folded`,
    );
    expect(row!.folded).toBe(foldForSearch(text));
  });

  it('keeps users.search_text (migration 0006) folded from the name and e-mail address on every write', async () => {
    const user = await createUser(t, 'Contributor', {
      firstname: 'آمنةُ',
      lastname: 'O’Neil  SMITH',
      email: 'Amna.Ali@Example.ORG',
    });
    const stored = async () =>
      (await t.db.select({ text: users.searchText }).from(users).where(eq(users.id, user.id)))[0]!.text;
    expect(await stored()).toBe(foldForSearch('آمنةُ O’Neil  SMITH Amna.Ali@Example.ORG'));
    await t.db.update(users).set({ firstname: 'مُصطفى', email: 'm@x.org' }).where(eq(users.id, user.id));
    expect(await stored()).toBe(foldForSearch('مُصطفى O’Neil  SMITH m@x.org'));
  });
});
