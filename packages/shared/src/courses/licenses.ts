/**
 * The licences an author may put a course under (SPDX identifiers). One list for the server (column
 * values, public pages, certificate), the browser (picker, badge) and the contract.
 */
export const COURSE_LICENSES = [
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'CC-BY-NC-4.0',
  'CC-BY-NC-SA-4.0',
  'CC0-1.0',
] as const;
export type CourseLicense = (typeof COURSE_LICENSES)[number];
export const DEFAULT_COURSE_LICENSE: CourseLicense = 'CC-BY-4.0';

/** The conditions a licence carries, drawn as the badge's icons. */
export type LicenseElement = 'by' | 'sa' | 'nc' | 'zero';

/**
 * How each licence is named and where its deed lives. `short` is the badge text (the usual "CC BY 4.0"
 * form, the same in both languages); `name`/`name_ar` are the full names; `deed` is Creative Commons'
 * own page (English; Creative Commons serves the Arabic deed at `deed.ar`).
 */
export const LICENSE_INFO: Record<
  CourseLicense,
  { short: string; name: string; name_ar: string; deed: string; elements: readonly LicenseElement[] }
> = {
  'CC-BY-4.0': {
    short: 'CC BY 4.0',
    name: 'Creative Commons Attribution 4.0 International',
    name_ar: 'المشاع الإبداعي: نسب المصنَّف 4.0 دولي',
    deed: 'https://creativecommons.org/licenses/by/4.0/',
    elements: ['by'],
  },
  'CC-BY-SA-4.0': {
    short: 'CC BY-SA 4.0',
    name: 'Creative Commons Attribution-ShareAlike 4.0 International',
    name_ar: 'المشاع الإبداعي: نسب المصنَّف - الترخيص بالمثل 4.0 دولي',
    deed: 'https://creativecommons.org/licenses/by-sa/4.0/',
    elements: ['by', 'sa'],
  },
  'CC-BY-NC-4.0': {
    short: 'CC BY-NC 4.0',
    name: 'Creative Commons Attribution-NonCommercial 4.0 International',
    name_ar: 'المشاع الإبداعي: نسب المصنَّف - غير تجاري 4.0 دولي',
    deed: 'https://creativecommons.org/licenses/by-nc/4.0/',
    elements: ['by', 'nc'],
  },
  'CC-BY-NC-SA-4.0': {
    short: 'CC BY-NC-SA 4.0',
    name: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
    name_ar: 'المشاع الإبداعي: نسب المصنَّف - غير تجاري - الترخيص بالمثل 4.0 دولي',
    deed: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    elements: ['by', 'nc', 'sa'],
  },
  'CC0-1.0': {
    short: 'CC0 1.0',
    name: 'CC0 1.0 Universal (Public Domain Dedication)',
    name_ar: 'المشاع الإبداعي صفر 1.0 عالمي (إهداء إلى الملك العام)',
    deed: 'https://creativecommons.org/publicdomain/zero/1.0/',
    elements: ['zero'],
  },
};

/** The deed in the reader's language (Creative Commons publishes Arabic deeds at `deed.ar`). */
export const licenseDeedUrl = (license: CourseLicense, language: 'en' | 'ar'): string =>
  language === 'ar' ? `${LICENSE_INFO[license].deed}deed.ar` : LICENSE_INFO[license].deed;
