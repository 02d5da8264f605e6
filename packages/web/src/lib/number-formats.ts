import { INTL_LOCALES, type Language } from '@app/shared';

/**
 * Intl number formats, built once per language and kind (decision 048), in the language's pinned
 * locale (decision 054: Latin digits in Arabic too). A language's first format
 * loads its locale data (~25 ms for Arabic on a desktop, about four times that at Lighthouse's CPU
 * slowdown; later ones cost ~0.03 ms), so the app shell builds the percent format before the first
 * screen renders; the others reuse one instance instead of building one per call.
 */
const KINDS = {
  /** "42%" from a fraction. */
  percent: { style: 'percent', maximumFractionDigits: 0 },
  /** A number's digits without grouping ("2026"). */
  digits: { useGrouping: false },
} satisfies Record<string, Intl.NumberFormatOptions>;

const built = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: Language, kind: keyof typeof KINDS): Intl.NumberFormat {
  const key = `${language}:${kind}`;
  let format = built.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], KINDS[kind]);
    built.set(key, format);
  }
  return format;
}
