import { INTL_LOCALES, type Language } from '../common/constants.ts';

/**
 * A certificate's date of issue as the certificate itself prints it and its verification page shows
 * it: the calendar day in UTC ("21 November 2026", "21 نوفمبر 2026"). One day for everyone: read in the
 * reader's own time zone, a certificate issued at 22:00 UTC showed a later day on the page a verifier
 * in Riyadh opened than on the PDF they were checking.
 */
const issueDateFormats = Object.fromEntries(
  (['en', 'ar'] as const).map((language) => [
    language,
    // Built once: constructing an Intl formatter costs far more than using one.
    new Intl.DateTimeFormat(language === 'ar' ? INTL_LOCALES.ar : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      calendar: 'gregory',
      timeZone: 'UTC',
    }),
  ]),
) as Record<Language, Intl.DateTimeFormat>;

export const formatIssueDate = (date: Date | string, language: Language): string => {
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? '' : issueDateFormats[language].format(at);
};

/** The same day, machine-readable (`<time dateTime>`). */
export const issueDay = (date: Date | string): string => {
  const at = new Date(date);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString().slice(0, 10);
};
