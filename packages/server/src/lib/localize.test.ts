import { describe, expect, it } from 'vitest';
import { languageFromHeader, localize } from './localize.ts';

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['AR-sa', 'ar'],
    ['en', 'en'],
    ['ar-SA,ar;q=0.9,en;q=0.8', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    // The first language is neither: the better of the two that follow.
    ['fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7', 'ar'],
    ['ur,en;q=0.5,ar;q=0.9', 'ar'],
    ['de,en;q=0.9', 'en'],
    // Weights decide, not the order; on a tie the earlier one.
    ['en;q=0.4, ar;q=0.6', 'ar'],
    ['ar;q=0.5, en;q=0.5', 'ar'],
    // q=0 means "not this one".
    ['en;q=0, ar', 'ar'],
    ['ar;q=0', 'en'],
    // Primary subtags only: Mapudungun is not Arabic.
    ['arn-CL', 'en'],
    ['arn-CL,ar;q=0.5', 'ar'],
    // A locale written as operating systems write it (not BCP 47, but some clients send it).
    ['ar_SA', 'ar'],
    ['arn_CL', 'en'],
    // Anything malformed is not an error.
    ['garbage;;q=x', 'en'],
    ['ar;q=x', 'ar'],
    [',,;', 'en'],
    ['*', 'en'],
  ] as const)('%j → %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});

describe('localize', () => {
  it('picks the language and fills the named values, leaving unknown ones as written', () => {
    const message = { en: 'At most {max} bytes ({unknown})', ar: 'الحد الأقصى {max} بايت' };
    expect(localize('en', message, { max: 5 })).toBe('At most 5 bytes ({unknown})');
    expect(localize('ar', message, { max: 5 })).toBe('الحد الأقصى 5 بايت');
  });
});
