import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupBody } from '@app/shared';
import { emailOutbox, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startAppOverSmtp, stopAppOverSmtp, type SmtpCatcher } from '../../test/smtp-catcher.ts';
import { linkToken, post, signupBody } from './auth.test-helpers.ts';
import { authService } from './auth.service.ts';

/**
 * Decision 200: a sign-up started from a course carries the way back to it in its verification link,
 * so the mail opened on another device (no local storage of the sign-up's) still leads to the course.
 */
describe('the verification link carries the course to come back to', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()));
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const COURSE_ID = '0b6f3c1e-7a52-4f0e-9d8b-2c4a1e5f6a7b';

  it('puts `next` in the link, encoded, after the language, in the text and the HTML', async () => {
    const body = signupBody({ next: `/course/${COURSE_ID}` });
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const mail = await smtp.waitForMail(body.email);
    const link = `http://localhost:3000/verifyemail/${linkToken(mail)}?lang=en&next=%2Fcourse%2F${COURSE_ID}`;
    expect(mail.text).toContain(`Verify e-mail address: ${link}\n`);
    expect(mail.html).toContain(`href="${link.replace('&', '&#38;')}"`);
  });

  it('carries a lesson of the course and the public course page, in an Arabic mail too', async () => {
    const lesson = signupBody({ next: `/course/${COURSE_ID}?resource=r-1`, preferred_language: 'ar' });
    expect((await post(t, '/auth/signup', lesson)).statusCode).toBe(201);
    const arabic = await smtp.waitForMail(lesson.email);
    expect(arabic.text).toContain(
      `/verifyemail/${linkToken(arabic)}?lang=ar&next=%2Fcourse%2F${COURSE_ID}%3Fresource%3Dr-1`,
    );

    const publicPage = signupBody({ next: `/courses/${COURSE_ID}` });
    expect((await post(t, '/auth/signup', publicPage)).statusCode).toBe(201);
    const mail = await smtp.waitForMail(publicPage.email);
    expect(mail.text).toContain(`/verifyemail/${linkToken(mail)}?lang=en&next=%2Fcourses%2F${COURSE_ID}`);
  });

  it('leaves `next` out of the link when there is none', async () => {
    const body = signupBody();
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const mail = await smtp.waitForMail(body.email);
    expect(mail.text).toContain(`/verifyemail/${linkToken(mail)}?lang=en\n`);
    expect(mail.text).not.toContain('next=');
  });

  const BAD_NEXT = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/dashboard',
    '/course/add-course',
    `/course/${COURSE_ID}?resource=r&next=//evil.example`,
    `/course/${'a'.repeat(300)}`,
    '',
  ];

  it('refuses any other `next` with 400, as every other field: no account, no mail', async () => {
    for (const next of BAD_NEXT) {
      const body = signupBody({ next });
      const response = await post(t, '/auth/signup', body, { 'accept-language': 'en' });
      expect(response.statusCode, JSON.stringify(next)).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'next', message: 'This value is invalid.' }],
      });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, body.email))).toEqual([]);
    }
    expect(smtp.mails.some((mail) => mail.text.includes('evil.example'))).toBe(false);
  });

  it('says a `next` that is not text (null, a number) has the wrong type, not that it is required', async () => {
    for (const next of [null, 42]) {
      const signup = signupBody({ next });
      const resend = { email: signup.email, next };
      for (const [url, body] of [
        ['/auth/signup', signup],
        ['/auth/resend-verification', resend],
      ] as const) {
        const response = await post(t, url, body, { 'accept-language': 'en' });
        expect(response.statusCode, `${url} ${JSON.stringify(next)}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ path: 'next', message: 'This value has the wrong type.' }],
        });
      }
    }
  });

  it('carries it in a link asked for again, and refuses any other `next` there too', async () => {
    const body = signupBody();
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const first = await smtp.waitForMail(body.email);
    expect(first.text).not.toContain('next=');
    const again = await post(t, '/auth/resend-verification', {
      email: body.email,
      next: `/course/${COURSE_ID}`,
    });
    expect(again.statusCode).toBe(200);
    const mail = await smtp.waitForMail(body.email);
    expect(mail.text).toContain(`/verifyemail/${linkToken(mail)}?lang=en&next=%2Fcourse%2F${COURSE_ID}\n`);

    for (const next of BAD_NEXT) {
      const response = await post(t, '/auth/resend-verification', { email: body.email, next });
      expect(response.statusCode, JSON.stringify(next)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'next' }] });
    }
  });

  it('puts no other `next` in a link even when the service is handed one (the link is checked again)', async () => {
    const auth = authService(t.app);
    for (const next of BAD_NEXT) {
      const body = { ...signupBody(), next } as SignupBody;
      await auth.signup(body, 'en');
      const mail = await smtp.waitForMail(body.email);
      expect(mail.text, JSON.stringify(next)).toContain(`/verifyemail/${linkToken(mail)}?lang=en\n`);
      expect(mail.text).not.toContain('next=');
      expect(mail.html).not.toContain('next=');
    }
  });
});
