import { LIMITS, type ValidationKey } from '@app/shared';
import type { Localized } from './localize.ts';

export const common = {
  validationFailed: { en: 'Some fields are missing or invalid.', ar: 'بعض الحقول ناقصة أو غير صالحة.' },
  invalidJson: { en: 'The request body is not valid JSON.', ar: 'محتوى الطلب ليس JSON صالحًا.' },
  unauthenticated: { en: 'Please sign in to continue.', ar: 'يرجى تسجيل الدخول للمتابعة.' },
  tokenInvalid: {
    en: 'Your session has expired or is invalid. Please sign in again.',
    ar: 'انتهت صلاحية جلستك أو أنها غير صالحة. يرجى تسجيل الدخول مرة أخرى.',
  },
  accountInactive: { en: 'This account has been deactivated.', ar: 'تم تعطيل هذا الحساب.' },
  forbidden: { en: 'You are not allowed to do this.', ar: 'غير مسموح لك بتنفيذ هذا الإجراء.' },
  notFound: { en: 'Not found.', ar: 'غير موجود.' },
  routeNotFound: { en: 'There is no such API route.', ar: 'لا يوجد مسار بهذا الاسم في الواجهة البرمجية.' },
  methodNotAllowed: {
    en: 'This API route does not accept {method} requests; it accepts {allowed}.',
    ar: 'لا يقبل هذا المسار في الواجهة البرمجية طلبات {method}؛ يقبل {allowed}.',
  },
  pageMethodNotAllowed: {
    en: 'This page does not accept {method} requests; it accepts {allowed}.',
    ar: 'لا تقبل هذه الصفحة طلبات {method}؛ تقبل {allowed}.',
  },
  fileTooLarge: {
    en: 'File size too large (max {max} bytes).',
    ar: 'حجم الملف كبير جدًا (الحد الأقصى {max} بايت).',
  },
  payloadTooLarge: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  badRequest: {
    en: 'The request is malformed and could not be read.',
    ar: 'الطلب غير صالح ولا يمكن قراءته.',
  },
  badUrl: { en: 'This address is not valid.', ar: 'هذا العنوان غير صالح.' },
  badMultipart: {
    en: 'The uploaded form is incomplete or malformed. Please try again.',
    ar: 'النموذج المرفوع غير مكتمل أو غير صالح. يرجى المحاولة مرة أخرى.',
  },
  extraFormParts: {
    en: 'The uploaded form has more parts than expected: send one file, named "file", and each field once.',
    ar: 'النموذج المرفوع يحتوي على أجزاء أكثر من المتوقع: أرسل ملفًا واحدًا باسم "file" وكل حقل مرة واحدة.',
  },
  notMultipart: {
    en: 'Send this request as multipart/form-data.',
    ar: 'أرسل هذا الطلب بصيغة multipart/form-data.',
  },
  unsupportedMediaType: { en: 'Unsupported content type.', ar: 'نوع المحتوى غير مدعوم.' },
  rateLimited: {
    en: 'Too many attempts. Please wait a minute and try again.',
    ar: 'محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
  databaseUnavailable: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    ar: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ.',
  },
  internal: {
    en: 'Something went wrong on our side. Please try again.',
    ar: 'حدث خطأ من جهتنا. يرجى المحاولة مرة أخرى.',
  },
} satisfies Record<string, Localized>;

export const validationMessages: Record<ValidationKey, Localized> = {
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  invalid_type: { en: 'This value has the wrong type.', ar: 'نوع هذه القيمة غير صحيح.' },
  invalid_email: { en: 'Enter a valid e-mail address.', ar: 'أدخل بريدًا إلكترونيًا صالحًا.' },
  invalid_url: { en: 'Enter a valid URL.', ar: 'أدخل رابطًا صالحًا.' },
  // Arabic: "the number of characters" before the limit, since a counted noun changes with the number
  // (8 أحرف, 20 حرفًا, 1000 حرف) and one wording is filled with every limit.
  too_short: { en: 'Must be at least {limit} characters.', ar: 'يجب ألا يقل عدد الأحرف عن {limit}.' },
  too_long: { en: 'Must be at most {limit} characters.', ar: 'يجب ألا يزيد عدد الأحرف عن {limit}.' },
  too_few: { en: 'Add at least {limit}.', ar: 'أضف {limit} على الأقل.' },
  too_many: { en: 'At most {limit} allowed.', ar: 'الحد الأقصى المسموح {limit}.' },
  invalid_option: {
    en: 'This value is not one of the allowed choices.',
    ar: 'هذه القيمة ليست من الخيارات المسموحة.',
  },
  passwords_mismatch: { en: 'password does not match', ar: 'كلمة المرور غير متطابقة' },
  correct_answer_not_option: {
    en: 'The correct answer must be one of the options.',
    ar: 'يجب أن تكون الإجابة الصحيحة أحد الخيارات.',
  },
  duplicate_option: {
    en: 'Options must be different from each other.',
    ar: 'يجب أن تكون الخيارات مختلفة عن بعضها.',
  },
  video_not_embeddable: {
    en: 'Use a YouTube link (watch, share or embed URL).',
    ar: 'استخدم رابط يوتيوب (رابط المشاهدة أو المشاركة أو التضمين).',
  },
  pdf_file_required: { en: 'Upload a PDF file.', ar: 'ارفع ملف PDF.' },
  quiz_required: { en: 'Add at least one question.', ar: 'أضف سؤالًا واحدًا على الأقل.' },
  too_many_course_questions: {
    en: `A course can have at most ${LIMITS.courseQuestionsMax} questions in all: remove some, or split the course in two.`,
    ar: `لا يمكن أن تضم الدورة أكثر من ${LIMITS.courseQuestionsMax} سؤال في مجموعها: احذف بعضها أو قسّم الدورة إلى دورتين.`,
  },
  too_many_course_resources: {
    en: `A course can have at most ${LIMITS.courseResourcesMax} resources in all: remove some, or split the course in two.`,
    ar: `لا يمكن أن تضم الدورة أكثر من ${LIMITS.courseResourcesMax} مورد في مجموعها: احذف بعضها أو قسّم الدورة إلى دورتين.`,
  },
  file_not_yours: {
    en: 'This file was uploaded by another author: upload your own copy.',
    ar: 'رفع هذا الملفَ مؤلفٌ آخر: ارفع نسختك منه.',
  },
  unknown_field: { en: 'Unknown field.', ar: 'حقل غير معروف.' },
  invalid: { en: 'This value is invalid.', ar: 'هذه القيمة غير صالحة.' },
};
