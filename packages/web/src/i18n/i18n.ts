import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/shared';

/** Stored under `language` (description §9), default English. */
export const LANGUAGE_STORAGE_KEY = 'language';

// Every feature has its own catalog per locale; a locale's catalogs are fetched together on activation.
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

export function storedLanguage(): Language {
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

interface Catalog {
  /** The feature's catalog name (`auth`, `learner`…). */
  name: string;
  messages: Messages;
}

const catalogName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.po$/, '');

const loadCatalogs = async (language: Language, names?: readonly string[]): Promise<Catalog[]> => {
  const loaders = Object.entries(catalogs).filter(
    ([path]) => path.includes(`/locales/${language}/`) && (!names || names.includes(catalogName(path))),
  );
  return Promise.all(
    loaders.map(async ([path, load]) => ({ name: catalogName(path), messages: (await load()).messages })),
  );
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges the feature catalogs of one locale. The same message (same id) can sit in several catalogs;
 * when their values differ, one of them may be an untranslated fallback (the English source), which
 * must not hide another catalog's translation. Such ids are settled against the source text, read
 * from the source-language catalogs named by `source` (only those holding a conflicting id, and only
 * when there is a conflict): the first value that is not the source text wins.
 */
export async function mergeCatalogs(
  parts: Catalog[],
  source: (names: string[]) => Promise<Messages> | Messages,
): Promise<Messages> {
  const merged: Messages = {};
  const conflicts = new Map<string, string>();
  for (const part of parts)
    for (const [id, value] of Object.entries(part.messages)) {
      if (!(id in merged)) merged[id] = value;
      else if (!same(merged[id], value) && !conflicts.has(id)) conflicts.set(id, part.name);
    }
  if (conflicts.size === 0) return merged;
  const sourceMessages = await source([...new Set(conflicts.values())]);
  for (const id of conflicts.keys()) {
    const candidates = parts.filter((part) => id in part.messages).map((part) => part.messages[id]);
    merged[id] = candidates.find((value) => !same(value, sourceMessages[id])) ?? merged[id]!;
  }
  return merged;
}

export async function activateLanguage(language: Language): Promise<void> {
  const messages = await mergeCatalogs(await loadCatalogs(language), async (names) =>
    language === DEFAULT_LANGUAGE
      ? {}
      : (Object.assign(
          {},
          ...(await loadCatalogs(DEFAULT_LANGUAGE, names)).map((c) => c.messages),
        ) as Messages),
  );
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
