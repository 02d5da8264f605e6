import type { Language } from '@app/shared';

/** A message in both languages. Features keep theirs in `<feature>.messages.ts`. */
export interface Localized {
  en: string;
  ar: string;
}

export function localize(
  lang: Language,
  message: Localized,
  params: Record<string, string | number> = {},
): string {
  return message[lang].replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match));
}

/** `Accept-Language: ar`, `ar-SA,ar;q=0.9` … → 'ar'; anything else → 'en'. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}
