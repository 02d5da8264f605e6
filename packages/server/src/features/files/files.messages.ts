import type { Localized } from '../../lib/localize.ts';

export const filesMessages = {
  fileRequired: { en: 'Choose a file to upload.', ar: 'اختر ملفًا لرفعه.' },
  coverRequired: { en: 'Add course preview image', ar: 'أضف صورة معاينة للدورة' },
  unsupportedUpload: {
    en: 'Only PDF, PNG or JPEG files are accepted.',
    ar: 'لا تُقبل إلا ملفات PDF أو PNG أو JPEG.',
  },
  unsupportedCover: {
    en: 'The course image must be a JPG or PNG file.',
    ar: 'يجب أن تكون صورة الدورة بصيغة JPG أو PNG.',
  },
  fileNotFound: { en: 'File not found.', ar: 'الملف غير موجود.' },
  tooManyUploads: {
    en: 'You have uploaded too many files in the last minute. Please wait a minute and try again.',
    ar: 'لقد رفعت ملفات كثيرة جدًا خلال الدقيقة الأخيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
  rangeNotSatisfiable: {
    en: 'The requested part lies beyond the end of the file.',
    ar: 'الجزء المطلوب يقع بعد نهاية الملف.',
  },
} satisfies Record<string, Localized>;
