import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { activateLanguage, changeLanguage, requireCatalogs, storedLanguage } from './i18n.ts';

const clearCookie = () => {
  document.cookie = 'language=; path=/; max-age=0';
};

afterEach(async () => {
  localStorage.clear();
  clearCookie();
  await activateLanguage('en');
});

describe('language choice', () => {
  it('defaults to English and mirrors the choice into the cookie the server reads', () => {
    expect(storedLanguage()).toBe('en');
    expect(document.cookie).toContain('language=en');
    localStorage.setItem('language', 'ar');
    expect(storedLanguage()).toBe('ar');
    expect(document.cookie).toContain('language=ar');
  });

  it('falls back to the cookie when local storage has no choice, and ignores junk', () => {
    document.cookie = 'language=ar; path=/';
    expect(storedLanguage()).toBe('ar');
    localStorage.setItem('language', 'fr');
    expect(storedLanguage()).toBe('ar');
  });

  it('stores a change in both places and switches the document direction', async () => {
    await changeLanguage('ar');
    expect(localStorage.getItem('language')).toBe('ar');
    expect(document.cookie).toContain('language=ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.body.classList.contains('rtl')).toBe(true);
  });
});

// Compiled catalogs are keyed by hashed ids; the texts are in the compiled values.
const has = (text: string) => JSON.stringify(i18n.messages).includes(text);

describe('a language the address asks for (?lang=)', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('is taken as the choice, and a later choice takes it out of the address, so a reload keeps that one', async () => {
    history.replaceState({ usr: 'kept', key: 'k1', idx: 0 }, '', '/login?next=%2Fdashboard&lang=ar#form');
    expect(storedLanguage()).toBe('ar');
    await changeLanguage('en');
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/login?next=%2Fdashboard#form');
    // The router's state of the entry is left as it was.
    expect(history.state).toEqual({ usr: 'kept', key: 'k1', idx: 0 });
    // What the next load reads: the stored choice, no longer overruled by the address.
    expect(storedLanguage()).toBe('en');
    expect(document.cookie).toContain('language=en');
  });
});

describe('catalogs per route', () => {
  it("loads a screen's catalog into the active language and keeps it across a switch", async () => {
    // The test setup registers every catalog; 'landing' stands for any feature a route adds.
    await activateLanguage('ar');
    await requireCatalogs('landing');
    expect(has('انضم إلينا الآن!')).toBe(true);
    await changeLanguage('en');
    expect(has('Join us now!')).toBe(true);
    expect(has('انضم إلينا الآن!')).toBe(false);
    await changeLanguage('ar');
    expect(has('انضم إلينا الآن!')).toBe(true);
  });
});

describe('numbers inside messages', () => {
  it('are written in Latin digits in Arabic too, as every other number (decision 054)', async () => {
    await activateLanguage('ar');
    await requireCatalogs('learner');
    const count = 7;
    expect(plural(count, { 0: 'No results', one: '# course found', other: '# courses found' })).toBe(
      'عُثر على 7 دورات',
    );
  });
});
