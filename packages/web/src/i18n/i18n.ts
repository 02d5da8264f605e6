import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/shared';

/** Stored under `language` (description §9), default English. */
export const LANGUAGE_STORAGE_KEY = 'language';

// Every feature has its own catalog per locale; a locale's catalogs are fetched together on activation.
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export function storedLanguage(): Language {
  // A link from a public course page says which language the visitor was reading (`?lang=ar`).
  const requested = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(requested)) localStorage.setItem(LANGUAGE_STORAGE_KEY, requested);
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

/** Sets `<html lang dir>` and the `rtl` body class for the language. */
export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.body.classList.toggle('rtl', language === 'ar');
}

export async function activateLanguage(language: Language): Promise<void> {
  const loaders = Object.entries(catalogs).filter(([path]) => path.includes(`/locales/${language}/`));
  // A message used by several features sits in several catalogs; catalogs.test.ts keeps its
  // translation identical everywhere, so the merge order does not matter.
  const modules = await Promise.all(loaders.map(([, load]) => load()));
  const messages = Object.assign({}, ...modules.map((module) => module.messages)) as Messages;
  i18n.loadAndActivate({ locale: language, messages });
  applyDocumentLanguage(language);
}

/** Stores the choice and switches the whole interface to it. */
export async function changeLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await activateLanguage(language);
}

/**
 * The active language; before the catalogs have loaded (the router's first loaders run while they
 * load), the stored choice, so the very first API calls already ask for the right language.
 */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : storedLanguage());
