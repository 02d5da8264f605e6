import { describe, expect, it } from 'vitest';
import { foldForSearch, foldSpelling } from './arabic.ts';

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

  it('reads hyphens and dashes as spaces, so a hyphenated term and a spaced one find each other', () => {
    expect(foldForSearch('Open-Science')).toBe('open science');
    expect(foldForSearch('open – science')).toBe('open science');
    expect(foldForSearch('open\u2011science \uFF0D data')).toBe('open science data');
    expect(foldForSearch('-open-')).toBe('open');
  });
});

describe('foldSpelling', () => {
  it('folds as search does but keeps dashes, which a typed answer can mean', () => {
    expect(foldSpelling('  آمنـــة  -5 ')).toBe('امنه -5');
    expect(foldSpelling('Open-Science')).toBe('open-science');
  });
});
