import type { Localized } from '../../lib/localize.ts';

/** Every word the public course pages show, in both languages (course text comes from the authors). */
export const publicMessages = {
  siteName: { en: 'Open Science Courses', ar: 'دورات العلوم المفتوحة' },
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
  sectionsAndLessons: {
    en: '{sections} sections · {lessons} lessons',
    ar: 'الأقسام: {sections} · الدروس: {lessons}',
  },
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
} satisfies Record<string, Localized>;
