import type { Localized } from '../../lib/localize.ts';

export const learningMessages = {
  enrolled: { en: 'Course enrolled successfully', ar: 'تم التسجيل في الدورة بنجاح' },
  courseNotFound: { en: 'Course not found.', ar: 'الدورة غير موجودة.' },
  notAvailable: {
    en: 'This course is not open for enrolment.',
    ar: 'هذه الدورة غير متاحة للتسجيل.',
  },
  notEnrolled: { en: 'Enrol in this course first.', ar: 'سجّل في هذه الدورة أولًا.' },
  quizNotFound: { en: 'This quiz is not part of the course.', ar: 'هذا الاختبار ليس جزءًا من الدورة.' },
  lessonNotFound: {
    en: 'This lesson is not part of the course.',
    ar: 'هذا الدرس ليس جزءًا من الدورة.',
  },
} satisfies Record<string, Localized>;
