import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-formats.ts';

describe('numberFormat', () => {
  it('builds each language and kind once', () => {
    expect(numberFormat('ar', 'percent')).toBe(numberFormat('ar', 'percent'));
    expect(numberFormat('ar', 'percent')).not.toBe(numberFormat('en', 'percent'));
    expect(numberFormat('ar', 'percent')).not.toBe(numberFormat('ar', 'digits'));
  });

  it('writes Latin digits in both languages, whatever the engine means by a bare "ar" (decision 054)', () => {
    const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');
    expect(numberFormat('en', 'percent').format(0.42)).toBe('42%');
    expect(visible(numberFormat('ar', 'percent').format(0.423))).toBe('42%');
    expect(numberFormat('ar', 'percent').resolvedOptions().numberingSystem).toBe('latn');
    expect(numberFormat('ar', 'digits').format(12026)).toBe('12026');
    expect(numberFormat('en', 'digits').format(12026)).toBe('12026');
  });
});
