import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { foldForSearch } from '@app/shared';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { rows } from './rows.ts';
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
    '١٢٣ abc',
    '',
  ])('folds %j as the JavaScript does', async (text) => {
    const [row] = await rows<{ folded: string }>(
      t.db,
      sql`select ${foldedInSql(sql`${text}::text`)} as folded`,
    );
    expect(row!.folded).toBe(foldForSearch(text));
  });
});
