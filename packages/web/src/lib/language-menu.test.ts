import { afterEach, describe, expect, it, vi } from 'vitest';
import { chosenLanguage } from '../i18n/i18n.ts';
import { reloadInLanguage } from './language-menu.ts';
import { STORAGE, storeSession } from './session-storage.ts';

describe('choosing a language on a page that reloads in it (the landing page)', () => {
  afterEach(() => localStorage.clear());

  const choose = (language: 'en' | 'ar') => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, search: '', reload });
    reloadInLanguage(language);
    expect(reload).toHaveBeenCalledOnce();
    expect(chosenLanguage()).toBe(language);
  };

  it('leaves the choice for a signed-in reader’s account to be told (decision 137)', () => {
    storeSession('token', 'u1');
    choose('ar');
    expect(localStorage.getItem(STORAGE.languageUnsaved)).toBe('ar');
  });

  it('leaves nothing for the account of a visitor who is not signed in', () => {
    choose('ar');
    expect(localStorage.getItem(STORAGE.languageUnsaved)).toBeNull();
  });
});
