import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import 'dayjs/locale/ar';
import type { Language } from '@app/shared';

// advancedFormat gives `Do` (ordinal day); preParsePostFormat lets the `ar` locale write its own digits
// and comma, so Arabic dates read naturally ("٥ مارس، ٢٠٢٦").
dayjs.extend(advancedFormat);
dayjs.extend(preParsePostFormat);

/** The two date formats of the description §9. */
export const DATE_FORMATS = {
  /** Contributor cards and the course form: "March 5th, 2026". */
  long: 'MMMM Do, YYYY',
  /** Admin table: "5th March, 2026". */
  dayFirst: 'Do MMMM, YYYY',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats an ISO timestamp in the reader's language; an unreadable value gives an empty string. */
export function formatDate(iso: string | Date, format: DateFormat, language: Language): string {
  const date = dayjs(iso);
  if (!date.isValid()) return '';
  return date.locale(language === 'ar' ? 'ar' : 'en').format(DATE_FORMATS[format]);
}

/** For `<time dateTime>`: the machine-readable date. */
export function isoDate(iso: string | Date): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}
