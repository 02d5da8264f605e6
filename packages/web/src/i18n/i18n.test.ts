import { describe, expect, it } from 'vitest';
import type { Messages } from '@lingui/core';
import { mergeCatalogs } from './i18n.ts';

describe('mergeCatalogs', () => {
  const english: Messages = { back: 'Back', submit: 'Submit', pdf: 'PDF' };

  it('keeps a translation when another catalog only has the untranslated source text', async () => {
    const auth: Messages = { back: 'رجوع', submit: 'إرسال' };
    const authoring: Messages = { back: 'Back', submit: 'Submit', pdf: 'PDF' };
    for (const parts of [
      [auth, authoring],
      [authoring, auth],
    ]) {
      const merged = await mergeCatalogs(parts, () => english);
      expect(merged).toEqual({ back: 'رجوع', submit: 'إرسال', pdf: 'PDF' });
    }
  });

  it('loads the source catalogs only when catalogs disagree', async () => {
    let loaded = 0;
    const merged = await mergeCatalogs([{ a: 'أ' }, { a: 'أ', b: 'ب' }], () => {
      loaded += 1;
      return english;
    });
    expect(merged).toEqual({ a: 'أ', b: 'ب' });
    expect(loaded).toBe(0);
  });
});
