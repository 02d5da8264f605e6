import { describe, expect, it } from 'vitest';
import { formatDate, isoDate } from './dates.ts';

describe('formatDate', () => {
  const march5 = '2026-03-05T10:00:00.000Z';

  it('writes the contributor card format in English', () => {
    expect(formatDate(march5, 'long', 'en')).toBe('March 5th, 2026');
  });

  it('writes the admin table format in English', () => {
    expect(formatDate(march5, 'dayFirst', 'en')).toBe('5th March, 2026');
    expect(formatDate('2026-01-22T10:00:00.000Z', 'dayFirst', 'en')).toBe('22nd January, 2026');
  });

  it('writes Arabic dates day first with the Arabic month names and Latin digits (decision 054)', () => {
    // Both formats: their two orders are English ones; the certificate's PDF writes the same.
    expect(formatDate(march5, 'long', 'ar')).toBe('5 مارس 2026');
    expect(formatDate(march5, 'dayFirst', 'ar')).toBe('5 مارس 2026');
  });

  it('does not change the global locale', () => {
    formatDate(march5, 'long', 'ar');
    expect(formatDate(march5, 'long', 'en')).toBe('March 5th, 2026');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDate('not a date', 'long', 'en')).toBe('');
    expect(isoDate('nope')).toBe('');
    expect(isoDate(march5)).toBe('2026-03-05');
  });
});
