import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, INTL_LOCALES, LANGUAGES, type Language } from '@app/shared';
import { localStore } from '../lib/browser-storage.ts';

/** Stored under `language` (description §9), default English. */
export const LANGUAGE_STORAGE_KEY = 'language';
/**
 * The same choice as a cookie, so the server can send the page already in that language and
 * direction (decision 022). Local storage stays the app's record; the cookie mirrors it.
 */
export const LANGUAGE_COOKIE = 'language';

/** Catalog names: `common` (app shell) and one per feature (src/locales/<lang>/<name>.po). */
export type CatalogName =
  'common' | 'admin' | 'auth' | 'authoring' | 'certificates' | 'landing' | 'layout' | 'learner';

const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

// The catalogs the screens shown so far need; a language switch loads these (and only these) again.
const inUse = new Set<CatalogName>(['common']);

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

function cookieLanguage(): Language | null {
  const match = /(?:^|;\s*)language=(\w+)/.exec(document.cookie);
  return isLanguage(match?.[1]) ? match[1] : null;
}

function writeLanguageCookie(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The language chosen on this device (the menu, or a link's `?lang=`); null when none ever was, as on
 * a fresh browser, whose English is a default, not a choice (decision 137).
 */
export function chosenLanguage(): Language | null {
  const stored = localStore.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The stored choice (local storage, else the cookie), default English; the cookie is kept in step. */
export function storedLanguage(): Language {
  // A link from a public course page says which language the visitor was reading (`?lang=ar`).
  const requested = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(requested)) localStore.setItem(LANGUAGE_STORAGE_KEY, requested);
  const language = chosenLanguage() ?? cookieLanguage() ?? DEFAULT_LANGUAGE;
  if (cookieLanguage() !== language) writeLanguageCookie(language);
  return language;
}

export const directionOf = (language: Language) => (language === 'ar' ? 'rtl' : 'ltr');

/** Sets `<html lang dir>` and the `rtl` body class for the language. */
export function applyDocumentLanguage(language: Language) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  document.body.classList.toggle('rtl', language === 'ar');
}

async function loadCatalogs(language: Language, names: Iterable<CatalogName>): Promise<Messages> {
  const loaders = [...names].flatMap((name) => catalogs[`../locales/${language}/${name}.po`] ?? []);
  const modules = await Promise.all(loaders.map((load) => load()));
  // A message used by several features sits in several catalogs; catalogs.test.ts keeps its
  // translation identical everywhere, so the merge order does not matter.
  return Object.assign({}, ...modules.map((module) => module.messages)) as Messages;
}

/**
 * Loads the catalogs a screen needs (in the active language) before it renders; route modules are
 * wrapped with this so a page only downloads its own feature's messages.
 */
export async function requireCatalogs(...names: CatalogName[]): Promise<void> {
  const missing = names.filter((name) => !inUse.has(name));
  if (missing.length === 0) return;
  // Marked in use once loaded: a catalog that could not be fetched (the server away) is asked for
  // again by the next call instead of being taken for loaded.
  if (isLanguage(i18n.locale)) i18n.load(i18n.locale, await loadCatalogs(i18n.locale, missing));
  for (const name of missing) inUse.add(name);
}

/** Activates a language with the catalogs in use (plus `extra`) and sets the document's direction. */
export async function activateLanguage(language: Language, extra: CatalogName[] = []): Promise<void> {
  for (const name of extra) inUse.add(name);
  i18n.loadAndActivate({
    locale: language,
    locales: INTL_LOCALES[language],
    messages: await loadCatalogs(language, inUse),
  });
  applyDocumentLanguage(language);
}

/** Stores the choice (local storage and the cookie the server reads). */
export function storeLanguage(language: Language) {
  localStore.setItem(LANGUAGE_STORAGE_KEY, language);
  writeLanguageCookie(language);
  // An address that asked for a language (`?lang=`, a link from a public course page) would ask again
  // on the next load, the server and `storedLanguage` both obeying it, and undo this choice: it leaves
  // the address (same history entry, its state kept for the router).
  const query = new URLSearchParams(location.search);
  if (query.has('lang')) {
    query.delete('lang');
    const rest = query.toString();
    history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  }
}

/** Stores the choice and switches the whole interface to it. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await activateLanguage(language);
}

/**
 * The active language; before the catalogs have loaded (the router's first loaders run while they
 * load), the stored choice, so the very first API calls already ask for the right language.
 */
export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : storedLanguage());
