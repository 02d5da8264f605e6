/**
 * Intl number formats, built once per language and kind. Building one costs far more than using
 * it (locale data is resolved each time): the course page built one per progress bar per render,
 * ~40 ms of its first render on a phone-speed CPU.
 */
const KINDS = {
  /** "42%" / "٤٢٪" from a fraction. */
  percent: { style: 'percent', maximumFractionDigits: 0 },
  /** A number's digits in the reader's script, without grouping ("2026" / "٢٠٢٦"). */
  digits: { useGrouping: false },
} satisfies Record<string, Intl.NumberFormatOptions>;

const built = new Map<string, Intl.NumberFormat>();

export function numberFormat(language: string, kind: keyof typeof KINDS): Intl.NumberFormat {
  const key = `${language}:${kind}`;
  let format = built.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, KINDS[kind]);
    built.set(key, format);
  }
  return format;
}
