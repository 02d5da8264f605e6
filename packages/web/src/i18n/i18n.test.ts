import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { mergeCatalogs } from './i18n.ts';

describe('mergeCatalogs', () => {
  const english: Messages = { back: 'Back', submit: 'Submit', pdf: 'PDF' };

  it('keeps a translation when another catalog only has the untranslated source text', async () => {
    const auth = { name: 'auth', messages: { back: 'رجوع', submit: 'إرسال' } };
    const authoring = { name: 'authoring', messages: { back: 'Back', submit: 'Submit', pdf: 'PDF' } };
    for (const parts of [
      [auth, authoring],
      [authoring, auth],
    ]) {
      const asked: string[][] = [];
      const merged = await mergeCatalogs(parts, (names) => {
        asked.push(names);
        return english;
      });
      expect(merged).toEqual({ back: 'رجوع', submit: 'إرسال', pdf: 'PDF' });
      // Only one source catalog holding the conflicting ids is asked for.
      expect(asked).toHaveLength(1);
      expect(asked[0]).toHaveLength(1);
    }
  });

  it('loads no source catalog when the catalogs agree', async () => {
    let loaded = 0;
    const merged = await mergeCatalogs(
      [
        { name: 'a', messages: { a: 'أ' } },
        { name: 'b', messages: { a: 'أ', b: 'ب' } },
      ],
      () => {
        loaded += 1;
        return english;
      },
    );
    expect(merged).toEqual({ a: 'أ', b: 'ب' });
    expect(loaded).toBe(0);
  });
});
