import { describe, expect, it } from 'vitest';
import { languageFromCookie } from './spa.ts';

describe('languageFromCookie', () => {
  it('reads the stored choice among other cookies', () => {
    expect(languageFromCookie('language=ar')).toBe('ar');
    expect(languageFromCookie('theme=dark; language=ar; x=1')).toBe('ar');
    expect(languageFromCookie('language=en')).toBe('en');
  });

  it('defaults to English without a choice or with anything malformed', () => {
    for (const header of [undefined, '', 'xlanguage=ar', 'language=arabic', 'language=AR', 'language=']) {
      expect(languageFromCookie(header)).toBe('en');
    }
  });
});
