import type { Language } from '@app/shared';

/**
 * Wording the server writes (its `*.messages.ts` tables, its mails, the pages it renders): it is not in
 * the web app's catalogues, so the few phrases the specs look for are kept here, each a part of the
 * server's message that the spec matches as a substring. Why not import the server's tables: see the
 * "Strings" section of ../README.md.
 */
const SERVER = {
  /** `common.tokenInvalid` in packages/server/src/lib/common.messages.ts. */
  sessionEnded: { en: 'Your session has expired or is invalid.', ar: 'انتهت صلاحية جلستك' },
  /** `certificateNotFound` in packages/server/src/features/certificates/certificates.messages.ts. */
  noSuchCertificate: { en: 'No certificate has this number.', ar: 'لا توجد شهادة بهذا الرقم.' },
  /** `catalogueTitle` and `enrol` in packages/server/src/features/public-courses/public-courses.messages.ts. */
  catalogueTitle: { en: 'Courses', ar: 'الدورات' },
  enrol: { en: 'Enrol for free', ar: 'سجّل مجانًا' },
  /** `courseReturnedCopy.subject` in packages/server/src/features/mail/mail.templates.ts. */
  courseReturnedSubject: { en: 'Your course was returned with a note', ar: 'أُعيدت دورتك إليك مع ملاحظة' },
} as const;

/** `courses` in packages/server/src/features/courses/courses.messages.ts: the review actions' toasts. */
const COURSES = {
  savedAsDraft: { en: 'Course saved as a draft', ar: 'تم حفظ الدورة كمسودة' },
  submitted: { en: 'Course submitted for review', ar: 'تم إرسال الدورة للمراجعة' },
  approved: { en: 'Course approved', ar: 'تم اعتماد الدورة' },
  rejected: { en: 'Course returned to its author with your note', ar: 'أُعيدت الدورة إلى مؤلفها مع ملاحظتك' },
  revoked: { en: 'Course approval revoked', ar: 'تم سحب اعتماد الدورة' },
  madeUnavailable: { en: 'Course is no longer available to learners', ar: 'لم تعد الدورة متاحة للمتعلمين' },
  madeAvailable: { en: 'Course is now available to learners', ar: 'أصبحت الدورة متاحة للمتعلمين' },
  editingDisabled: { en: 'Editing disabled for this course', ar: 'تم تعطيل تعديل هذه الدورة' },
  editingEnabled: { en: 'Editing enabled for this course', ar: 'تم تفعيل تعديل هذه الدورة' },
  archived: { en: 'Course archived', ar: 'تمت أرشفة الدورة' },
  unarchived: { en: 'Course restored from the archive', ar: 'تمت استعادة الدورة من الأرشيف' },
} as const;

type Table = Record<string, Record<Language, string>>;
const pick = <T extends Table>(table: T, lang: Language) =>
  Object.fromEntries(Object.entries(table).map(([key, value]) => [key, value[lang]])) as {
    [key in keyof T]: string;
  };

/** The server's wording in a language. */
export function serverWording(lang: Language) {
  return { ...pick(SERVER, lang), courses: pick(COURSES, lang) };
}
