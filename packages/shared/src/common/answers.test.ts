import { describe, expect, it } from 'vitest';
import { matchesAcceptedAnswer, normaliseAnswer } from './answers.ts';

describe('normaliseAnswer', () => {
  it.each([
    ['أحمد', 'احمد'],
    ['إسلام', 'اسلام'],
    ['آمنة', 'امنه'],
    ['مدرسة', 'مدرسه'],
    ['مستشفى', 'مستشفي'],
    ['١٢', '12'],
    ['۱۲', '12'],
    ['٢٠٢٦', '2026'],
    ['العِلْمُ', 'العلم'],
    ['عـــلـــم', 'علم'],
    ['Open Science', 'open science'],
    ['  open   science  ', 'open science'],
  ])('%s equals %s', (typed, accepted) => {
    expect(normaliseAnswer(typed)).toBe(normaliseAnswer(accepted));
  });

  it('keeps answers that differ in letters apart', () => {
    expect(normaliseAnswer('مدرسة')).not.toBe(normaliseAnswer('مدرس'));
    expect(normaliseAnswer('12')).not.toBe(normaliseAnswer('١٣'));
    expect(normaliseAnswer('data')).not.toBe(normaliseAnswer('date'));
    expect(normaliseAnswer('-5')).not.toBe(normaliseAnswer('5'));
  });
});

describe('matchesAcceptedAnswer', () => {
  it('matches any accepted answer in either language after normalisation', () => {
    const accepted = ['Open access', 'الوصول المفتوح'];
    expect(matchesAcceptedAnswer(' OPEN ACCESS ', accepted)).toBe(true);
    expect(matchesAcceptedAnswer('الوُصُول المَفتوح', accepted)).toBe(true);
    expect(matchesAcceptedAnswer('closed access', accepted)).toBe(false);
  });

  it('never accepts an empty or blank answer, even against a blank key', () => {
    expect(matchesAcceptedAnswer('   ', ['', ' '])).toBe(false);
    expect(matchesAcceptedAnswer('', ['answer'])).toBe(false);
  });
});
