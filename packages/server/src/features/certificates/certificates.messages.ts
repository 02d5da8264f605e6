import type { Localized } from '../../lib/localize.ts';

export const certificatesMessages = {
  notEarned: {
    en: 'Reach an overall score of {threshold}% to earn the certificate (your score is {score}%).',
    ar: 'احصل على نتيجة إجمالية قدرها {threshold}% لتنال الشهادة (نتيجتك الحالية {score}%).',
  },
  notEnrolled: {
    en: 'Enrol in this course to earn its certificate.',
    ar: 'سجّل في هذه الدورة لتحصل على شهادتها.',
  },
  courseNotFound: { en: 'Course not found.', ar: 'الدورة غير موجودة.' },
  certificateNotFound: {
    en: 'No certificate has this number.',
    ar: 'لا توجد شهادة بهذا الرقم.',
  },
  /** What a shared link to the certificate's page previews (decision 101). */
  linkTitle: {
    en: 'Certificate: {course} · {name}',
    ar: 'شهادة: {course} · {name}',
  },
  linkDescription: {
    en: '{name} completed the course “{course}”. Certificate issued by Open Science Courses on {date}.',
    ar: 'شهادة إتمام دورة «{course}» مُنحت إلى {name}، صادرة عن دورات العلوم المفتوحة بتاريخ {date}.',
  },
} satisfies Record<string, Localized>;
