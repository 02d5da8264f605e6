import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { INTL_LOCALES, type Language } from '@app/shared';

/** The web app's source catalogues: the wording the specs look for is the wording the app ships. */
const LOCALES = fileURLToPath(new URL('../../web/src/locales/', import.meta.url));

/** The message of an English source text in the project's language, formatted as the app formats it. */
export type Translate = (source: string, values?: Record<string, unknown>) => string;

function load(lang: Language): I18n {
  const messages: Record<string, string> = {};
  const dir = `${LOCALES}${lang}/`;
  // Every feature catalogue in one table: a source text means the same in every catalogue it is in.
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.po')))
    for (const item of PO.parse(readFileSync(dir + file, 'utf8')).items)
      if (item.msgstr[0]) messages[item.msgid] = item.msgstr[0];
  // Numbers as the app writes them (decision 054): the same pinned locale for Lingui's `#`.
  const i18n = setupI18n({ locale: lang, locales: INTL_LOCALES[lang], messages: { [lang]: messages } });
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

const cache = new Map<Language, I18n>();

/**
 * `translator('ar')('Sign Up')` → 'إنشاء حساب'. A source text missing from the catalogues throws, so a
 * spec never silently looks for wording the app no longer has.
 */
export function translator(lang: Language): Translate {
  let i18n = cache.get(lang);
  if (!i18n) cache.set(lang, (i18n = load(lang)));
  const loaded = i18n;
  return (source, values) => {
    if (!(source in loaded.messages)) throw new Error(`"${source}" is in no ${lang} catalogue`);
    return loaded._(source, values);
  };
}

/** A pattern matching the whole message exactly (regular-expression characters escaped). */
export function exactly(message: string): RegExp {
  return new RegExp(`^${escapeRegExp(message)}$`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The whole message as a pattern, with some placeholders left open: `open: { total: '(\\d+)' }` puts
 * that sub-pattern where `{total}` goes (for counts other journeys change); the rest matches literally.
 */
export function messagePattern(
  t: Translate,
  source: string,
  values: Record<string, unknown>,
  open: Record<string, string>,
): RegExp {
  const markers = Object.fromEntries(Object.keys(open).map((name) => [name, `\u0001${name}\u0001`]));
  let pattern = escapeRegExp(t(source, { ...values, ...markers }));
  for (const [name, sub] of Object.entries(open)) pattern = pattern.replace(`\u0001${name}\u0001`, sub);
  return new RegExp(`^${pattern}$`);
}
