import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import 'dayjs/locale/ar';
import type { Language } from '@app/shared';
import { numberFormat } from './number-formats.ts';

// advancedFormat gives `Do` (ordinal day: "5th" in English, "5" in Arabic).
dayjs.extend(advancedFormat);

/** The two date formats of the description §9. */
export const DATE_FORMATS = {
  /** Contributor cards and the course form: "March 5th, 2026". */
  long: 'MMMM Do, YYYY',
  /** Admin table: "5th March, 2026". */
  dayFirst: 'Do MMMM, YYYY',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/**
 * Formats an ISO timestamp in the reader's language (dayjs's `ar` locale for month names). In Arabic
 * the digits are written as every other number of the app (`numberFormat`, the locale pinned by
 * decision 054), and the comma is the Arabic one, so a date and a percentage on one screen agree. An unreadable value gives
 * an empty string.
 */
export function formatDate(iso: string | Date, format: DateFormat, language: Language): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  const text = date.locale(language === 'ar' ? 'ar' : 'en').format(DATE_FORMATS[format]);
  if (language !== 'ar') return text;
  const digits = numberFormat(language, 'digits');
  return text.replace(/\d+/g, (run) => digits.format(Number(run))).replace(/,/g, '،');
}

/** For `<time dateTime>`: the machine-readable date. */
export function isoDate(iso: string | Date): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}
