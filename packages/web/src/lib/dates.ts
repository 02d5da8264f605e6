import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import 'dayjs/locale/ar';
import type { Language } from '@app/shared';
import { numberFormat } from './number-formats.ts';

// advancedFormat gives `Do` (ordinal day: "5th" in English, "5" in Arabic).
dayjs.extend(advancedFormat);

/** The two date formats of the description §9 (English word order). */
export const DATE_FORMATS = {
  /** Contributor cards and the course form: "March 5th, 2026". */
  long: 'MMMM Do, YYYY',
  /** Admin table: "5th March, 2026". */
  dayFirst: 'Do MMMM, YYYY',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/**
 * Arabic writes a date day first, without ordinals or a comma ("5 مارس 2026"), in both places: the
 * description's two orders are English ones, and "مارس 5، 2026" reads as a translation. It is also how
 * the certificate's PDF (Intl, on the server) writes the issue date.
 */
const ARABIC_DATE = 'D MMMM YYYY';

/**
 * Formats an ISO timestamp in the reader's language (dayjs's `ar` locale for month names). In Arabic
 * the digits are written as every other number of the app (`numberFormat`, the locale pinned by
 * decision 054), so a date and a percentage on one screen agree. An unreadable value gives an empty
 * string.
 */
export function formatDate(iso: string | Date, format: DateFormat, language: Language): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  if (language !== 'ar') return date.locale('en').format(DATE_FORMATS[format]);
  const digits = numberFormat(language, 'digits');
  return date
    .locale('ar')
    .format(ARABIC_DATE)
    .replace(/\d+/g, (run) => digits.format(Number(run)));
}

/** For `<time dateTime>`: the machine-readable date. */
export function isoDate(iso: string | Date): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}
