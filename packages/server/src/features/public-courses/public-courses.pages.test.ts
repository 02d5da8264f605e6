import { describe, expect, it } from 'vitest';
import { pageAssets } from './public-courses.assets.ts';
import { countText } from './public-courses.layout.ts';
import { publicCounts } from './public-courses.messages.ts';
import { missingCataloguePage, notFoundPage } from './public-courses.pages.ts';

/** The pages as a server without a built web app renders them (no font files to name). */
const site = { appUrl: 'http://localhost:3000', assets: pageAssets(null) };

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
    const en = missingCataloguePage(site, 'en', 3);
    expect(en).toContain('The course list has only 3 pages.');
    expect(en).toContain('<a class="button" href="/courses?lang=en">Go to the first page</a>');
    expect(en).toContain('<a href="/courses?lang=en&amp;page=3">Go to the last page</a>');
    const ar = missingCataloguePage(site, 'ar', 2);
    expect(ar).toContain('لقائمة الدورات صفحتان فقط.');
    expect(ar).toContain('<a href="/courses?lang=ar&amp;page=2">الانتقال إلى الصفحة الأخيرة</a>');
  });

  it('offers only the first page when it is the only one, or when the page number is not one', () => {
    for (const pages of [1, null]) expect(missingCataloguePage(site, 'en', pages)).not.toContain('last page');
  });
});

describe("public pages: the app's logo in a header that runs no script (decision 110)", () => {
  it("draws the web app's mark inline with its short name and the community's, in the page's language", () => {
    for (const [lang, community] of [
      ['en', 'Open Science Community Saudi Arabia'],
      ['ar', 'مجتمع العلوم المفتوحة في المملكة العربية السعودية'],
    ] as const) {
      const page = notFoundPage(site, lang);
      const header = /<header class="site">([\s\S]*?)<\/header>/.exec(page)![1]!;
      const brand = /<a class="brand" href="\/\?lang=(?:en|ar)"\s*>([\s\S]*?)<\/a\s*>/.exec(header)![1]!;
      // The mark of packages/web/src/components/brand-logo.tsx: decorative, the text names the link.
      expect(brand).toMatch(/^<svg aria-hidden="true" focusable="false" viewBox="0 0 32 32">/);
      expect(brand).toContain('<rect width="32" height="32" rx="8" fill="#007a6a" />');
      expect(brand).toContain(`<span><b lang="en">OSCSA</b><small>${community}</small></span>`);
      // One link to the other language, then the links to the catalogue and the accounts.
      expect(header.indexOf('class="language"')).toBeGreaterThan(header.indexOf('class="brand"'));
      expect(header.indexOf('<nav class="site"')).toBeGreaterThan(header.indexOf('class="language"'));
      expect(page).not.toMatch(/<script(?! type="application\/ld\+json")/);
    }
  });
});
