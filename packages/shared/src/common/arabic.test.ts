import { describe, expect, it } from 'vitest';
import { foldForSearch } from './arabic.ts';

describe('foldForSearch', () => {
  it('treats alef forms, taa marbuta, alef maqsura, diacritics and tatweel as equal', () => {
    const written = 'العِلْمُ المَفْتُوحُ: أساسيّات إدارة البيانات المفتوحة';
    const typed = 'العلم المفتوح: اساسيات ادارة البيانات المفتوحه';
    expect(foldForSearch(written)).toBe(foldForSearch(typed));
    expect(foldForSearch('آمنـــة')).toBe(foldForSearch('امنه'));
    expect(foldForSearch('مستوى')).toBe(foldForSearch('مستوي'));
  });

  it('lower-cases Latin text and collapses spaces', () => {
    expect(foldForSearch('  Open   SCIENCE ')).toBe('open science');
  });
});
