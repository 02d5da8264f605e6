import { describe, expect, it } from 'vitest';
import { countText } from './public-courses.layout.ts';
import { publicCounts } from './public-courses.messages.ts';
import { missingCataloguePage } from './public-courses.pages.ts';

describe('public pages: counts in words', () => {
  it('writes English singular and plural', () => {
    expect([0, 1, 2, 21].map((n) => countText('en', publicCounts.sections, n))).toEqual([
      '0 sections',
      '1 section',
      '2 sections',
      '21 sections',
    ]);
    expect(countText('en', publicCounts.lessons, 1)).toBe('1 lesson');
  });

  it('writes the Arabic zero, singular, dual, 3–10, 11–99 and 100+ forms, in Latin digits (decision 054)', () => {
    expect(
      [0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map((n) => countText('ar', publicCounts.lessons, n)),
    ).toEqual([
      'لا دروس',
      'درس واحد',
      'درسان',
      '3 دروس',
      '10 دروس',
      '11 درسًا',
      '99 درسًا',
      '100 درس',
      '102 درس',
      '103 دروس',
    ]);
    expect([1, 2, 5, 12].map((n) => countText('ar', publicCounts.sections, n))).toEqual([
      'قسم واحد',
      'قسمان',
      '5 أقسام',
      '12 قسمًا',
    ]);
  });
});

describe('public pages: a catalogue page that does not exist', () => {
  it('names how many pages there are and links to the first and the last', () => {
    const en = missingCataloguePage('http://localhost:3000', 'en', 3);
    expect(en).toContain('The course list has only 3 pages.');
    expect(en).toContain('<a class="button" href="/courses?lang=en">Go to the first page</a>');
    expect(en).toContain('<a href="/courses?lang=en&amp;page=3">Go to the last page</a>');
    const ar = missingCataloguePage('http://localhost:3000', 'ar', 2);
    expect(ar).toContain('لقائمة الدورات صفحتان فقط.');
    expect(ar).toContain('<a href="/courses?lang=ar&amp;page=2">الانتقال إلى الصفحة الأخيرة</a>');
  });

  it('offers only the first page when it is the only one, or when the page number is not one', () => {
    for (const pages of [1, null]) expect(missingCataloguePage('', 'en', pages)).not.toContain('last page');
  });
});
