import type { Language } from '@app/shared';
import type { Localized } from '../../lib/localize.ts';

/**
 * A count in words, per plural category of `Intl.PluralRules` (`{count}` is the number): English has
 * one and other; Arabic zero, one, two, few (3–10), many (11–99) and other (100…). A category a
 * language does not list falls back to `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type CountMessage = Record<Language, PluralForms>;

/** Every word the public course pages show, in both languages (course text comes from the authors). */
export const publicMessages = {
  siteName: { en: 'Open Science Courses', ar: 'دورات العلوم المفتوحة' },
  /** Under the logo, as the web app's `BrandLogo` has it (its catalogues' translation). */
  community: {
    en: 'Open Science Community Saudi Arabia',
    ar: 'مجتمع العلوم المفتوحة في المملكة العربية السعودية',
  },
  siteDescription: {
    en: 'Free open-science courses in English and Arabic: videos, readings and quizzes with a certificate.',
    ar: 'دورات مجانية في العلوم المفتوحة بالعربية والإنجليزية: فيديوهات وقراءات واختبارات مع شهادة.',
  },
  skipToContent: { en: 'Skip to content', ar: 'تخطَّ إلى المحتوى' },
  allCourses: { en: 'All courses', ar: 'كل الدورات' },
  catalogueTitle: { en: 'Courses', ar: 'الدورات' },
  catalogueIntro: {
    en: 'Every course is free and open. Read what each one covers; sign up to study it and earn a certificate.',
    ar: 'كل الدورات مجانية ومفتوحة. اقرأ ما تتناوله كل دورة، ثم أنشئ حسابًا لتدرسها وتحصل على شهادة.',
  },
  noCourses: { en: 'No courses are published yet.', ar: 'لم تُنشر أي دورة بعد.' },
  logIn: { en: 'Log In', ar: 'تسجيل الدخول' },
  signUp: { en: 'Sign Up', ar: 'إنشاء حساب' },
  switchLanguage: { en: 'العربية', ar: 'English' },
  author: { en: 'Author', ar: 'المؤلف' },
  license: { en: 'Licence', ar: 'الترخيص' },
  languages: { en: 'Languages', ar: 'اللغات' },
  languageNames: { en: 'English, Arabic', ar: 'العربية، الإنجليزية' },
  englishOnly: { en: 'English', ar: 'الإنجليزية' },
  content: { en: 'Course content', ar: 'محتوى الدورة' },
  enrol: { en: 'Enrol for free', ar: 'سجّل مجانًا' },
  haveAccount: { en: 'Already have an account? Log in to enrol', ar: 'لديك حساب؟ سجّل الدخول للالتحاق' },
  enrolHint: {
    en: 'Create a free account to watch the videos, read the documents, take the quizzes and earn a certificate.',
    ar: 'أنشئ حسابًا مجانيًا لتشاهد الفيديوهات وتقرأ المستندات وتجري الاختبارات وتحصل على شهادة.',
  },
  video: { en: 'Video', ar: 'فيديو' },
  pdf: { en: 'Reading', ar: 'قراءة' },
  quiz: { en: 'Quiz', ar: 'اختبار' },
  certificate: { en: 'Certificate', ar: 'شهادة' },
  certificateName: { en: 'Certificate of completion', ar: 'شهادة إتمام' },
  previous: { en: 'Previous page', ar: 'الصفحة السابقة' },
  next: { en: 'Next page', ar: 'الصفحة التالية' },
  pageOf: { en: 'Page {page} of {pages}', ar: 'الصفحة {page} من {pages}' },
  pagination: { en: 'Pages', ar: 'الصفحات' },
  notFoundTitle: { en: 'Course not found', ar: 'الدورة غير موجودة' },
  notFoundText: {
    en: 'This course does not exist or is not published.',
    ar: 'هذه الدورة غير موجودة أو غير منشورة.',
  },
  footer: {
    en: 'Course texts are shared under the licence shown on each course.',
    ar: 'نصوص الدورات منشورة بالترخيص المبيَّن في كل دورة.',
  },
  missingPageTitle: {
    en: 'This page of the course list does not exist',
    ar: 'هذه الصفحة من قائمة الدورات غير موجودة',
  },
  malformedPageNumber: {
    en: 'The page number in the address is not valid.',
    ar: 'رقم الصفحة في العنوان غير صالح.',
  },
  firstPage: { en: 'Go to the first page', ar: 'الانتقال إلى الصفحة الأولى' },
  lastPage: { en: 'Go to the last page', ar: 'الانتقال إلى الصفحة الأخيرة' },
  badAddressTitle: { en: 'This address is not valid', ar: 'هذا العنوان غير صالح' },
  badAddressText: {
    en: 'Check the link, or find the course in the list of all courses.',
    ar: 'تحقّق من الرابط، أو ابحث عن الدورة في قائمة كل الدورات.',
  },
  unavailableTitle: { en: 'The courses are briefly unavailable', ar: 'الدورات غير متاحة مؤقتًا' },
  unavailableText: {
    en: 'Please reload this page in a few seconds.',
    ar: 'يرجى إعادة تحميل هذه الصفحة بعد بضع ثوانٍ.',
  },
  /** Above a page's last copy, shown while the database is away (decision 158). */
  copyNotice: {
    en: 'The courses are briefly unavailable, so this is the page as it was on {time}. It may have changed since.',
    ar: 'الدورات غير متاحة مؤقتًا، لذا هذه الصفحة كما كانت في {time}، وربما تغيّرت منذ ذلك الحين.',
  },
  internalTitle: { en: 'Something went wrong on our side', ar: 'حدث خطأ من جهتنا' },
  internalText: {
    en: 'Please reload this page in a moment.',
    ar: 'يرجى إعادة تحميل هذه الصفحة بعد قليل.',
  },
} satisfies Record<string, Localized>;

/** Counts shown on the public pages, with their plural forms (see `PluralForms`). */
export const publicCounts = {
  sections: {
    en: { one: '{count} section', other: '{count} sections' },
    ar: {
      zero: 'لا أقسام',
      one: 'قسم واحد',
      two: 'قسمان',
      few: '{count} أقسام',
      many: '{count} قسمًا',
      other: '{count} قسم',
    },
  },
  lessons: {
    en: { one: '{count} lesson', other: '{count} lessons' },
    ar: {
      zero: 'لا دروس',
      one: 'درس واحد',
      two: 'درسان',
      few: '{count} دروس',
      many: '{count} درسًا',
      other: '{count} درس',
    },
  },
  cataloguePages: {
    en: { one: 'The course list has only {count} page.', other: 'The course list has only {count} pages.' },
    ar: {
      one: 'لقائمة الدورات صفحة واحدة فقط.',
      two: 'لقائمة الدورات صفحتان فقط.',
      few: 'لقائمة الدورات {count} صفحات فقط.',
      many: 'لقائمة الدورات {count} صفحة فقط.',
      other: 'لقائمة الدورات {count} صفحة فقط.',
    },
  },
} satisfies Record<string, CountMessage>;
