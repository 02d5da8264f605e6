import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, storedLanguage } from './i18n.ts';

/**
 * Catalogs are per feature, so one English message can sit in several of them. They are merged on
 * activation; this keeps every copy translated the same way (and none left empty), whichever order the
 * merge takes.
 */
const sources = import.meta.glob<string>('../locales/*/*.po', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function entries(text: string): Map<string, string> {
  const unquote = (block: string) =>
    [...block.matchAll(/"((?:[^"\\]|\\.)*)"/g)]
      .map((match) => JSON.parse(`"${match[1]}"`) as string)
      .join('');
  const result = new Map<string, string>();
  for (const match of text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)) {
    const id = unquote(match[1]!);
    if (id) result.set(id, unquote(match[2]!));
  }
  return result;
}

describe('translation catalogs', () => {
  for (const locale of ['en', 'ar']) {
    it(`translate each shared ${locale} message the same way in every catalog, with none empty`, () => {
      const seen = new Map<string, { value: string; catalog: string }>();
      const problems: string[] = [];
      for (const [path, text] of Object.entries(sources).filter(([path]) => path.includes(`/${locale}/`))) {
        const name = path.slice(path.lastIndexOf('/') + 1);
        for (const [id, value] of entries(text)) {
          if (locale === 'ar' && !value) problems.push(`${name}: "${id}" has no Arabic translation`);
          const first = seen.get(id);
          if (first && first.value !== value)
            problems.push(`"${id}" is "${first.value}" in ${first.catalog} but "${value}" in ${name}`);
          if (!first) seen.set(id, { value, catalog: name });
        }
      }
      expect(seen.size).toBeGreaterThan(100);
      expect(problems).toEqual([]);
    });
  }
});

describe('storedLanguage', () => {
  it('adopts ?lang= from a link (the public course pages) and keeps it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.replaceState(null, '', '/signup?next=%2Fcourse%2F1&lang=ar');
    expect(storedLanguage()).toBe('ar');
    window.history.replaceState(null, '', '/dashboard');
    expect(storedLanguage()).toBe('ar');
    window.history.replaceState(null, '', '/login?lang=xx');
    expect(storedLanguage()).toBe('ar');
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
});
