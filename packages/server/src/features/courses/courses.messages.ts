import type { Localized } from '../../lib/localize.ts';

export const coursesMessages = {
  /** 429s of the per-user limits on course saves (decision 114). */
  tooMuchSaved: {
    en: 'You have saved courses too often in the last minute. Please wait a minute and try again.',
    ar: 'لقد حفظت الدورات مرات كثيرة جدًا خلال الدقيقة الأخيرة. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
  /** Decision 209: what the saves of the last minute wrote, not what they carried. */
  tooManyRowsSaved: {
    en: 'Your course saves in the last minute changed too many sections and lessons. Please wait a minute and try again.',
    ar: 'غيّرت عمليات حفظ الدورات خلال الدقيقة الأخيرة عددًا كبيرًا جدًا من الأقسام والدروس. يرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
  },
  savesInProgress: {
    en: 'Your earlier course saves are still in progress. Please wait a moment and try again.',
    ar: 'لا تزال عمليات حفظ الدورات السابقة قيد التنفيذ. يرجى الانتظار لحظة ثم المحاولة مرة أخرى.',
  },
  invalidIdempotencyKey: {
    en: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    ar: 'يجب أن تتكون ترويسة Idempotency-Key من 1 إلى 255 حرفًا مرئيًا من حروف ASCII.',
  },
  created: { en: 'New course created successfully', ar: 'تم إنشاء الدورة الجديدة بنجاح' },
  savedAsDraft: { en: 'Course saved as a draft', ar: 'تم حفظ الدورة كمسودة' },
  updated: { en: 'Course updated', ar: 'تم تحديث الدورة' },
  submitted: { en: 'Course submitted for review', ar: 'تم إرسال الدورة للمراجعة' },
  approved: { en: 'Course approved', ar: 'تم اعتماد الدورة' },
  revoked: {
    en: 'Course approval revoked; it is pending review again',
    ar: 'تم سحب اعتماد الدورة، وهي الآن قيد المراجعة من جديد',
  },
  rejected: {
    en: 'Course returned to its author with your note',
    ar: 'أُعيدت الدورة إلى مؤلفها مع ملاحظتك',
  },
  archived: { en: 'Course archived', ar: 'تمت أرشفة الدورة' },
  unarchived: { en: 'Course restored from the archive', ar: 'تمت استعادة الدورة من الأرشيف' },
  /** Restored to Pending (it was not a draft): learners lost it until an administrator approves it again. */
  unarchivedForReview: {
    en: 'Course restored from the archive; it is pending review again',
    ar: 'تمت استعادة الدورة من الأرشيف، وهي الآن قيد المراجعة من جديد',
  },
  madeAvailable: { en: 'Course is now available to learners', ar: 'أصبحت الدورة متاحة للمتعلمين' },
  madeUnavailable: {
    en: 'Course is no longer available to learners',
    ar: 'لم تعد الدورة متاحة للمتعلمين',
  },
  editingEnabled: { en: 'Editing enabled for this course', ar: 'تم تفعيل تعديل هذه الدورة' },
  editingDisabled: { en: 'Editing disabled for this course', ar: 'تم تعطيل تعديل هذه الدورة' },

  archivedMeanwhile: {
    en: 'This course has been archived (deleted from your courses) since you opened it, so it cannot be submitted for review. Nothing was saved.',
    ar: 'أُرشِفت هذه الدورة (حُذفت من دوراتك) بعد أن فتحتها، لذلك لا يمكن إرسالها للمراجعة. لم يُحفظ أي شيء.',
  },
  courseNotFound: { en: 'Course not found.', ar: 'الدورة غير موجودة.' },
  editingLocked: {
    en: 'An administrator has disabled editing of this course.',
    ar: 'قام المشرف بتعطيل تعديل هذه الدورة.',
  },
  changedMeanwhile: {
    // Said to any API client: what it kept of its changes is its own (the web app says that itself).
    en: 'Someone else saved this course after you opened it, so your changes were not saved. Open it again and make your changes on the newer version.',
    ar: 'حفظ شخص آخر هذه الدورة بعد أن فتحتها، لذلك لم تُحفظ تغييراتك. افتحها مرة أخرى وأجرِ تغييراتك على النسخة الأحدث.',
  },
  notAllowedInStatus: {
    en: 'This course cannot take that step in its current status.',
    ar: 'لا يمكن تنفيذ هذه الخطوة على الدورة وهي في حالتها الحالية.',
  },
  onlyPendingCanBeApproved: {
    en: 'Only a course pending review can be approved.',
    ar: 'لا يمكن اعتماد إلا دورة قيد المراجعة.',
  },
  onlyPendingCanBeRejected: {
    en: 'Only a course pending review can be returned to its author.',
    ar: 'لا يمكن إعادة دورة إلى مؤلفها إلا إذا كانت قيد المراجعة.',
  },
  onlyApprovedCanBeRevoked: {
    en: 'Only an approved course can have its approval revoked.',
    ar: 'لا يمكن سحب الاعتماد إلا من دورة معتمدة.',
  },
  onlyApprovedAvailability: {
    en: 'Availability can only be changed on an approved course.',
    ar: 'لا يمكن تغيير إتاحة الدورة إلا إذا كانت معتمدة.',
  },
  otherContributorsCourses: {
    en: 'You can only list your own courses.',
    ar: 'يمكنك عرض دوراتك فقط.',
  },
} satisfies Record<string, Localized>;
