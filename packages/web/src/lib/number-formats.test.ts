import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-formats.ts';

describe('numberFormat', () => {
  it('builds each language and kind once', () => {
    expect(numberFormat('ar', 'percent')).toBe(numberFormat('ar', 'percent'));
    expect(numberFormat('ar', 'percent')).not.toBe(numberFormat('en', 'percent'));
    expect(numberFormat('ar', 'percent')).not.toBe(numberFormat('ar', 'digits'));
  });

  it('formats as Intl does for the language (whichever digits its locale data uses)', () => {
    const percent = (language: string) =>
      new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
    expect(numberFormat('en', 'percent').format(0.42)).toBe('42%');
    expect(numberFormat('ar', 'percent').format(0.423)).toBe(percent('ar').format(0.42));
    expect(numberFormat('ar', 'digits').format(12026)).toBe(
      new Intl.NumberFormat('ar', { useGrouping: false }).format(12026),
    );
    expect(numberFormat('en', 'digits').format(12026)).toBe('12026');
  });
});
