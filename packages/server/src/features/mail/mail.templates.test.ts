import { describe, expect, it } from 'vitest';
import { escapeHtml, passwordResetMail, signupAttemptMail, verificationMail } from './mail.templates.ts';

describe('mail templates', () => {
  it('escapes every interpolated value and keeps attributes quoted', () => {
    const mail = verificationMail({
      lang: 'en',
      link: 'https://courses.example/verifyemail/abc?x="><script>alert(1)</script>',
    });
    const notice = signupAttemptMail({
      lang: 'en',
      name: '<img src=x onerror="alert(1)">',
      verified: true,
      loginLink: 'https://c.example/login',
      resetLink: 'https://c.example/forgotpassword',
    });
    expect(notice.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>');
    expect(notice.html).toContain('Hi &#60;img src=x onerror=&#34;alert(1)&#34;&#62;,');
    expect(mail.html).toContain(
      'href="https://courses.example/verifyemail/abc?x=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"',
    );
    // Every href is quoted.
    expect(mail.html).not.toMatch(/href=[^"]/);
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('writes the verification mail in English: subject, HTML and text with the link', () => {
    const link = 'http://localhost:3000/verifyemail/token123?lang=en';
    const mail = verificationMail({ lang: 'en', link });
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('#009985');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Verify e-mail address');
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('24 hours');
    // In HTML the address is printed after "If the button does not work…"; the text version has no
    // button: it names the link where the button would be, and has no sentence left hanging.
    expect(mail.html.indexOf('If the button does not work')).toBeLessThan(mail.html.lastIndexOf(link));
    expect(mail.text).toContain(`Verify e-mail address: ${link}`);
    expect(mail.text).not.toContain('If the button does not work');
  });

  it('writes the verification mail in Arabic, right to left', () => {
    const mail = verificationMail({ lang: 'ar', link: 'http://localhost:3000/verifyemail/t?lang=ar' });
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('text-align:right');
    expect(mail.html).toContain('تأكيد البريد الإلكتروني');
    expect(mail.text).toContain('مرحبًا،');
    expect(mail.text).toContain('24 ساعة');
    expect(mail.text).not.toContain('إذا لم يعمل الزر');
  });

  it('greets by name only when given one (an address its owner confirmed)', () => {
    expect(passwordResetMail({ lang: 'en', name: null, code: '000001' }).text).toContain('Hello,');
    expect(passwordResetMail({ lang: 'ar', name: null, code: '000001' }).text).toContain('مرحبًا،');
    expect(passwordResetMail({ lang: 'ar', name: 'عمر', code: '000001' }).text).toContain('مرحبًا عمر،');
  });

  it('writes the reset mail with the code in both languages', () => {
    const english = passwordResetMail({ lang: 'en', name: 'Omar', code: '042917' });
    expect(english.subject).toBe('Your password reset code');
    expect(english.text).toMatch(/^042917$/m);
    expect(english.html).toContain('>042917</p>');
    // Counted from the request: a mail retried after a failure arrives with less left (decision 137).
    expect(english.text).toContain('The code works until 15 minutes after you asked for it');
    expect(english.text).not.toContain('valid for 15 minutes');

    const arabic = passwordResetMail({ lang: 'ar', name: 'عمر', code: '042917' });
    expect(arabic.subject).toBe('رمز إعادة تعيين كلمة المرور');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    // Digits stay left to right inside the Arabic text.
    expect(arabic.html).toContain('<p dir="ltr"');
    expect(arabic.text).toContain('يعمل الرمز حتى مرور 15 دقيقة على طلبك له');
    expect(arabic.text).not.toContain('صالح لمدة 15 دقيقة');
  });

  it('writes the sign-up attempt notice with log-in and reset links, escaped, in both languages', () => {
    const links = { loginLink: 'https://c.example/login', resetLink: 'https://c.example/forgotpassword' };
    const english = signupAttemptMail({ lang: 'en', name: '<b>Omar</b>', verified: true, ...links });
    expect(english.subject).toBe('Someone tried to sign up with your e-mail address');
    expect(english.html).toContain('Hi &#60;b&#62;Omar&#60;/b&#62;,');
    expect(english.html).toContain('href="https://c.example/login"');
    expect(english.html).toContain('href="https://c.example/forgotpassword"');
    expect(english.text).toContain('Forgot your password? Reset it: https://c.example/forgotpassword');
    expect(english.text).not.toContain('not confirmed yet');

    const arabic = signupAttemptMail({ lang: 'ar', name: 'عمر', verified: false, ...links });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('تسجيل الدخول');
    expect(arabic.text).toContain('لم يتم تأكيد حسابك بعد');
    expect(arabic.text).toContain('أعد تعيين كلمة مروره');
    expect(arabic.text).toContain('نسيت كلمة المرور؟ أعد تعيينها: https://c.example/forgotpassword');
  });
});
