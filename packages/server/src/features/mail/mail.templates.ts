import type { Language } from '@app/shared';

/** A rendered e-mail: the subject plus an HTML and a plain-text body in one language. */
export interface MailContent {
  /** That language: the outbox keeps it and sends it as `Content-Language` (decision 137). */
  language: Language;
  subject: string;
  html: string;
  text: string;
}

const BRAND_COLOUR = '#009985';
const BRAND_NAME: Record<Language, string> = { en: 'Open Science Courses', ar: 'دورات العلوم المفتوحة' };

/** Every interpolated value goes through this, in text and in attributes (which are always quoted). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Block {
  /** Plain text; escaped when rendered. */
  paragraphs: string[];
  button?: { label: string; href: string };
  code?: string;
  /**
   * Someone's own words quoted as they wrote them (a reviewer's note): escaped, its line breaks kept,
   * set apart from our text and in its own direction (`dir="auto"`).
   */
  quote?: string;
  after: string[];
  /**
   * Said before the button's address is printed under the text (HTML only: the text version prints
   * the address in the button's place, and has nothing to fall back from).
   */
  fallback?: string;
  /** A second, smaller link after the text (e.g. "reset your password" under a "Log in" button). */
  secondary?: { label: string; href: string };
}

function renderHtml(lang: Language, title: string, greeting: string, block: Block): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const font =
    lang === 'ar'
      ? "Tahoma, 'Segoe UI', Arial, sans-serif"
      : "-apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f2933">${escapeHtml(text)}</p>`;
  const button = block.button
    ? `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(block.button.href)}" style="display:inline-block;padding:12px 28px;border-radius:999px;background:${BRAND_COLOUR};color:#ffffff;font-size:19px;font-weight:bold;text-decoration:none">${escapeHtml(block.button.label)}</a></p>`
    : '';
  const code = block.code
    ? `<p dir="ltr" style="margin:24px 0;text-align:center;font-size:32px;font-weight:bold;letter-spacing:8px;color:${BRAND_COLOUR};font-family:'Courier New',monospace">${escapeHtml(block.code)}</p>`
    : '';
  const quote =
    block.quote !== undefined
      ? `<p dir="auto" style="unicode-bidi:plaintext;text-align:start;margin:0 0 16px;padding:12px 16px;border-${align}:4px solid ${BRAND_COLOUR};background:#f4f6f8;font-size:16px;line-height:1.6;color:#1f2933;white-space:pre-wrap;overflow-wrap:anywhere">${escapeHtml(block.quote)}</p>`
      : '';
  const link = block.button
    ? `<p dir="ltr" style="margin:0 0 16px;font-size:13px;word-break:break-all;text-align:${align}"><a href="${escapeHtml(block.button.href)}" style="color:#006b5d">${escapeHtml(block.button.href)}</a></p>`
    : '';
  const secondary = block.secondary
    ? `<p style="margin:0 0 16px;font-size:16px;line-height:1.6"><a href="${escapeHtml(block.secondary.href)}" style="color:#006b5d;font-weight:bold">${escapeHtml(block.secondary.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:6px solid ${BRAND_COLOUR}">
<tr><td dir="${dir}" style="padding:32px;text-align:${align};font-family:${font}">
<p style="margin:0 0 24px;font-size:18px;font-weight:bold;color:#006b5d">${escapeHtml(BRAND_NAME[lang])}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#1f2933">${escapeHtml(title)}</h1>
${paragraph(greeting)}
${block.paragraphs.map(paragraph).join('\n')}
${quote}${button}${code}
${block.after.map(paragraph).join('\n')}
${block.fallback ? paragraph(block.fallback) : ''}${link}${secondary}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(lang: Language, title: string, greeting: string, block: Block): string {
  return [
    BRAND_NAME[lang],
    '',
    title,
    '',
    greeting,
    '',
    ...block.paragraphs,
    '',
    ...(block.quote !== undefined ? [block.quote, ''] : []),
    ...(block.button ? [`${block.button.label}: ${block.button.href}`, ''] : []),
    ...(block.code ? [block.code, ''] : []),
    ...block.after,
    '',
    ...(block.secondary ? [`${block.secondary.label}: ${block.secondary.href}`, ''] : []),
  ].join('\n');
}

/**
 * "Hi <name>," only when the mailbox's owner gave the name: a name typed with an address nobody has
 * confirmed is anyone's text, and it would reach that address under our sender (a link in a "name"
 * reads as ours). Otherwise a greeting without one.
 */
const GREETING: Record<Language, (name: string | null) => string> = {
  en: (name) => (name ? `Hi ${name},` : 'Hello,'),
  ar: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
};

function render(lang: Language, subject: string, title: string, greeting: string, block: Block): MailContent {
  return {
    language: lang,
    subject,
    html: renderHtml(lang, title, greeting, block),
    text: renderText(lang, title, greeting, block),
  };
}

const verificationCopy = {
  en: {
    subject: 'Verify your e-mail address',
    title: 'Verify your e-mail address',
    intro:
      'Welcome to Open Science Courses! Please verify your e-mail address with the button or link below.',
    button: 'Verify e-mail address',
    validity: 'The link is valid for 24 hours. If you did not create an account, you can ignore this e-mail.',
    fallback: 'If the button does not work, copy this link into your browser:',
  },
  ar: {
    subject: 'تأكيد عنوان بريدك الإلكتروني',
    title: 'تأكيد عنوان بريدك الإلكتروني',
    intro: 'مرحبًا بك في منصة دورات العلوم المفتوحة! يرجى تأكيد بريدك الإلكتروني بالزر أو الرابط أدناه.',
    button: 'تأكيد البريد الإلكتروني',
    validity: 'الرابط صالح لمدة 24 ساعة. إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    fallback: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في متصفحك:',
  },
};

/** To an address nobody has confirmed yet: greeted without the name typed with it. */
export function verificationMail(input: { lang: Language; link: string }): MailContent {
  const copy = verificationCopy[input.lang];
  return render(input.lang, copy.subject, copy.title, GREETING[input.lang](null), {
    paragraphs: [copy.intro],
    button: { label: copy.button, href: input.link },
    after: [copy.validity],
    fallback: copy.fallback,
  });
}

const resetCopy = {
  en: {
    subject: 'Your password reset code',
    title: 'Password reset',
    intro: 'We received a request to reset your password. Enter this code to choose a new password:',
    // Counted from the request, not from this mail's arrival: a mail retried after a failure comes
    // late, with less time left (decision 137). It is never sent once the code has expired.
    validity:
      'The code works until 15 minutes after you asked for it, even if this e-mail reached you later; if it no longer works, ask for a new one. If you asked more than once, use the code in the newest e-mail. If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  ar: {
    subject: 'رمز إعادة تعيين كلمة المرور',
    title: 'إعادة تعيين كلمة المرور',
    intro: 'تلقّينا طلبًا لإعادة تعيين كلمة المرور الخاصة بك. أدخل هذا الرمز لاختيار كلمة مرور جديدة:',
    validity:
      'يعمل الرمز حتى مرور 15 دقيقة على طلبك له، حتى لو وصلتك هذه الرسالة بعد ذلك؛ فإن لم يعد يعمل، فاطلب رمزًا جديدًا. إذا طلبت الرمز أكثر من مرة، فاستخدم الرمز الوارد في أحدث رسالة. إذا لم تطلبه، تجاهل هذه الرسالة وستبقى كلمة المرور كما هي.',
  },
};

/** `name` only when the account's address is confirmed (see GREETING). */
export function passwordResetMail(input: { lang: Language; name: string | null; code: string }): MailContent {
  const copy = resetCopy[input.lang];
  return render(input.lang, copy.subject, copy.title, GREETING[input.lang](input.name), {
    paragraphs: [copy.intro],
    code: input.code,
    after: [copy.validity],
  });
}

const signupAttemptCopy = {
  en: {
    subject: 'Someone tried to sign up with your e-mail address',
    title: 'A sign-up with your address',
    intro:
      'Someone, perhaps you, just tried to create an account with this e-mail address. You already have one, so no new account was made and nothing about yours was changed: your password, name and role are as before.',
    unverified:
      'Your account is not confirmed yet. It was made by an earlier sign-up, which may not have been yours, with the password chosen then. To be sure the account is yours, reset its password with the link below: that also confirms your address. Use an earlier confirmation link only if you made that sign-up yourself.',
    button: 'Log in',
    ignore:
      'If it was not you, you can ignore this e-mail: nobody can use your account without your password or this mailbox.',
    reset: 'Forgot your password? Reset it',
  },
  ar: {
    subject: 'حاول أحدهم التسجيل ببريدك الإلكتروني',
    title: 'محاولة تسجيل بعنوانك',
    intro:
      'حاول أحدهم، وربما أنت، إنشاء حساب بعنوان البريد الإلكتروني هذا. لديك حساب بالفعل، لذلك لم يُنشأ حساب جديد ولم يتغير شيء في حسابك: كلمة المرور والاسم والدور كما كانت.',
    unverified:
      'لم يتم تأكيد حسابك بعد. لقد أُنشئ بتسجيل سابق ربما لم تقم به أنت، وبكلمة المرور التي اختيرت حينها. لتتأكد من أن الحساب لك، أعد تعيين كلمة مروره من الرابط أدناه: فهذا يؤكد عنوانك أيضًا. ولا تستخدم رابط تأكيد سابقًا إلا إذا كنت أنت من قام بذلك التسجيل.',
    button: 'تسجيل الدخول',
    ignore:
      'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لا يستطيع أحد استخدام حسابك دون كلمة المرور أو الوصول إلى هذا البريد.',
    reset: 'نسيت كلمة المرور؟ أعد تعيينها',
  },
};

/**
 * To the owner of an address someone tried to sign up with (the signup itself answers as if it were
 * new, so only the mailbox learns that the account exists). No verification link: whoever registered
 * an unverified address first may not be its owner, so the owner is pointed to a password reset.
 */
export function signupAttemptMail(input: {
  lang: Language;
  /** Only when the account's address is confirmed (see GREETING). */
  name: string | null;
  verified: boolean;
  loginLink: string;
  resetLink: string;
}): MailContent {
  const copy = signupAttemptCopy[input.lang];
  return render(input.lang, copy.subject, copy.title, GREETING[input.lang](input.name), {
    paragraphs: input.verified ? [copy.intro] : [copy.intro, copy.unverified],
    button: { label: copy.button, href: input.loginLink },
    after: [copy.ignore],
    secondary: { label: copy.reset, href: input.resetLink },
  });
}

const courseReturnedCopy = {
  en: {
    subject: 'Your course was returned with a note',
    title: 'Your course was returned with a note',
    intro: (title: string) =>
      `An administrator reviewed your course “${title}” and sent it back to you with this note:`,
    next: 'Make the changes the note asks for, then submit the course for review again from its edit form.',
    button: 'Open the course',
  },
  ar: {
    subject: 'أُعيدت دورتك إليك مع ملاحظة',
    title: 'أُعيدت دورتك إليك مع ملاحظة',
    intro: (title: string) => `راجع أحد المشرفين دورتك «${title}» وأعادها إليك مع هذه الملاحظة:`,
    next: 'أجرِ التعديلات التي تطلبها الملاحظة، ثم أرسل الدورة للمراجعة من جديد من نموذج تعديلها.',
    button: 'فتح الدورة',
  },
};

/**
 * To a course's owner when an administrator sends it back (decision 206): the course's title in the
 * owner's language and the reviewer's note, both the users' own text (escaped like every value).
 */
export function courseReturnedMail(input: {
  lang: Language;
  /** Only when the account's address is confirmed (see GREETING). */
  name: string | null;
  title: string;
  note: string;
  link: string;
}): MailContent {
  const copy = courseReturnedCopy[input.lang];
  return render(input.lang, copy.subject, copy.title, GREETING[input.lang](input.name), {
    paragraphs: [copy.intro(input.title)],
    quote: input.note,
    button: { label: copy.button, href: input.link },
    after: [copy.next],
  });
}
