import { DEFAULT_LANGUAGE, type Language } from '@app/shared';

/** A message in both languages. Features keep theirs in `<feature>.messages.ts`. */
export interface Localized {
  en: string;
  ar: string;
}

/** A course's own text in `lang`: its Arabic translation when it has one, else the English original. */
export const pick = (lang: Language, en: string, ar: string | null): string =>
  lang === 'ar' && ar ? ar : en;

export function localize(
  lang: Language,
  message: Localized,
  params: Record<string, string | number> = {},
): string {
  return message[lang].replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match));
}

/**
 * The caller's language from `Accept-Language` (RFC 9110 §12.5.4): of Arabic and English, the one the
 * header weighs highest (`q`; the earlier on a tie), by primary subtag (`ar-SA` is Arabic, `arn` is
 * not; `ar_SA`, a locale as operating systems write it, is Arabic too); English when it names neither, or gives both `q=0`. A weight that does not parse counts as 1.
 * (It read only the first entry: `fr,ar;q=0.9` was English, `arn-CL` Arabic.)
 */
export function languageFromHeader(header: string | undefined): Language {
  return languageNamedBy(header) ?? DEFAULT_LANGUAGE;
}

/** The language an Accept-Language header prefers among ours, or undefined when it names neither. */
export function languageNamedBy(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: Language | undefined;
  let bestWeight = 0;
  for (const entry of header.split(',')) {
    const [range = '', ...params] = entry.split(';');
    const primary = range.trim().toLowerCase().split(/[-_]/, 1)[0];
    if (primary !== 'ar' && primary !== 'en') continue;
    const weight = weightOf(params);
    if (weight > bestWeight) {
      best = primary;
      bestWeight = weight;
      if (weight >= 1) break; // nothing can weigh more
    }
  }
  return best;
}

function weightOf(params: string[]): number {
  const q = params.find((param) => param.trim().toLowerCase().startsWith('q='));
  const weight = q === undefined ? 1 : Number(q.trim().slice(2));
  return Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 1;
}
