import type { Localized } from '../../lib/localize.ts';

export const authMessages = {
  signedUp: {
    en: 'Account created. We sent a verification link to your e-mail address.',
    ar: 'تم إنشاء الحساب. أرسلنا رابط التأكيد إلى بريدك الإلكتروني.',
  },
  emailVerified: {
    en: 'Email verified. You can now log in.',
    ar: 'تم تأكيد البريد الإلكتروني. يمكنك الآن تسجيل الدخول.',
  },
  verificationInvalid: {
    en: 'This verification link is invalid, has expired or was already used. Please request a new one.',
    ar: 'رابط التأكيد هذا غير صالح أو انتهت صلاحيته أو سبق استخدامه. يرجى طلب رابط جديد.',
  },
  alreadyVerified: {
    en: 'This link was used already: your e-mail address is verified. You can log in.',
    ar: 'سبق استخدام هذا الرابط: بريدك الإلكتروني مؤكَّد. يمكنك تسجيل الدخول.',
  },
  verificationResent: {
    en: 'If this address belongs to an account that is not verified yet, we sent it a new verification link.',
    ar: 'إذا كان هذا العنوان يخص حسابًا لم يتم تأكيده بعد، فقد أرسلنا إليه رابط تأكيد جديدًا.',
  },
  invalidCredentials: {
    en: 'Incorrect e-mail or password.',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  },
  emailNotVerified: {
    en: 'Please verify your e-mail address first. Check your inbox for the verification link.',
    ar: 'يرجى تأكيد بريدك الإلكتروني أولًا. ابحث في بريدك الوارد عن رابط التأكيد.',
  },
  unauthorizedRole: { en: 'Unauthorized', ar: 'غير مصرح' },
  resetCodeSent: {
    en: 'If an account exists for this address, we sent a password reset code to it.',
    ar: 'إذا كان هناك حساب بهذا العنوان، فقد أرسلنا إليه رمز إعادة تعيين كلمة المرور.',
  },
  resetTokenInvalid: {
    en: 'This password reset request is invalid or has expired. Please request a new code.',
    ar: 'طلب إعادة تعيين كلمة المرور هذا غير صالح أو انتهت صلاحيته. يرجى طلب رمز جديد.',
  },
  /** The request's last wrong code (decision 178): the form is no use any more, and says so. */
  resetCodeInvalidLast: {
    en: 'The reset code is incorrect, and this request cannot be used any more. Please request a new code.',
    ar: 'رمز إعادة التعيين غير صحيح، ولم يعد بالإمكان استخدام هذا الطلب. يرجى طلب رمز جديد.',
  },
  /** Too many wrong codes for the address across its requests in the window (decision 178). */
  resetLocked: {
    en: 'Too many wrong codes were entered for this address. Wait up to 15 minutes, then request a new code.',
    ar: 'أُدخلت رموز خاطئة كثيرة لهذا العنوان. انتظر مدةً أقصاها 15 دقيقة، ثم اطلب رمزًا جديدًا.',
  },
  resetCodeInvalid: {
    en: 'The reset code is incorrect. Attempts left: {remaining}.',
    ar: 'رمز إعادة التعيين غير صحيح. المحاولات المتبقية: {remaining}.',
  },
  resetExpired: {
    en: 'This password reset request has expired or can no longer be used. Please request a new code.',
    ar: 'انتهت صلاحية طلب إعادة تعيين كلمة المرور أو لم يعد من الممكن استخدامه. يرجى طلب رمز جديد.',
  },
  passwordReset: {
    en: 'Your password was reset. Please log in with your new password.',
    ar: 'تمت إعادة تعيين كلمة المرور. يرجى تسجيل الدخول بكلمة المرور الجديدة.',
  },
  loggedOut: { en: 'You have been logged out.', ar: 'تم تسجيل خروجك.' },
  // Shared by every OpenID provider: {provider} is its name (Google, ORCID).
  oidcDisabled: {
    en: '{provider} sign-in is not available.',
    ar: 'تسجيل الدخول عبر {provider} غير متاح.',
  },
  oidcFailed: {
    en: '{provider} sign-in failed. Please try again.',
    ar: 'فشل تسجيل الدخول عبر {provider}. يرجى المحاولة مرة أخرى.',
  },
  oidcUnavailable: {
    en: '{provider} sign-in is temporarily unavailable. Please try again later.',
    ar: 'تسجيل الدخول عبر {provider} غير متاح مؤقتًا. يرجى المحاولة لاحقًا.',
  },
  oidcEmailUnverified: {
    en: 'The e-mail address of your {provider} account is not verified.',
    ar: 'البريد الإلكتروني لحسابك في {provider} غير مؤكَّد.',
  },
  oidcTicketInvalid: {
    en: 'This sign-in has expired. Please sign in again.',
    ar: 'انتهت صلاحية عملية تسجيل الدخول هذه. يرجى تسجيل الدخول مرة أخرى.',
  },
  oidcAccountExists: {
    en: 'This {provider} account already has an account here. Open the verification link we e-mailed you, then sign in.',
    ar: 'لحساب {provider} هذا حساب لدينا بالفعل. افتح رابط التأكيد الذي أرسلناه إلى بريدك، ثم سجّل الدخول.',
  },
  oidcEmailSent: {
    en: 'We sent a verification link to {email}. Open it to finish creating your account.',
    ar: 'أرسلنا رابط تأكيد إلى {email}. افتحه لإكمال إنشاء حسابك.',
  },
} satisfies Record<string, Localized>;
