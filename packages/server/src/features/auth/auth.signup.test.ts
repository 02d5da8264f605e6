import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, emailVerifications, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  startAppOverSmtp,
  stopAppOverSmtp,
  type CaughtMail,
  type SmtpCatcher,
} from '../../test/smtp-catcher.ts';
import {
  aString,
  fromNewIp,
  linkToken,
  login,
  post,
  signupBody,
  type SignedInBody,
  type SignupAnswer,
} from './auth.test-helpers.ts';
import { sha256Hex } from './auth.secrets.ts';
import { authService } from './auth.service.ts';

describe('learner sign-up journey over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => ({ t, smtp } = await startAppOverSmtp()));
  afterAll(() => stopAppOverSmtp({ t, smtp }));

  const verify = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verifyemail/${token}`,
      headers,
      ...fromNewIp(),
    });

  it('signs up, mails an English link, refuses login until verified, verifies once, then logs in', async () => {
    const body = signupBody({ email: 'Layla.Journey@Example.TEST' });
    const signup = await post(t, '/auth/signup', body);
    expect(signup.statusCode).toBe(201);
    const created = signup.json<SignupAnswer>();
    expect(created).toMatchObject({
      success: true,
      message: aString,
      data: {
        user: {
          _id: aString,
          email: 'layla.journey@example.test',
          firstname: 'Layla',
          lastname: 'Hassan',
          role: 'EndUser',
          preferred_language: 'en',
        },
      },
    });
    expect(JSON.stringify(created)).not.toContain('password');

    const mail = await smtp.waitForMail('layla.journey@example.test');
    expect(mail.subject).toBe('Verify your e-mail address');
    // Nobody has confirmed the address yet: the name typed with it is not put in the mail.
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Layla');
    expect(mail.html).toContain('dir="ltr"');
    expect(mail.html).toContain('#009985');
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const token = linkToken(mail);
    // The link opens the page in the mail's language.
    expect(mail.text).toContain(`http://localhost:3000/verifyemail/${token}?lang=en`);
    expect(mail.html).toContain(`href="http://localhost:3000/verifyemail/${token}?lang=en"`);

    // Only a hash of the token is stored.
    const [stored] = await t.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, created.data.user._id));
    expect(stored!.tokenHash).toBe(sha256Hex(token));
    expect(stored!.tokenHash).not.toContain(token);

    const early = await login(t, body.email, body.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ success: false, code: 'EMAIL_NOT_VERIFIED' });

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: 'Email verified. You can now log in.' });

    // Opened again (a second click, a mail app's preview): refused, and told the address is verified.
    const again = await verify(token, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'سبق استخدام هذا الرابط: بريدك الإلكتروني مؤكَّد. يمكنك تسجيل الدخول.',
    });

    const signedIn = await login(t, 'LAYLA.journey@example.test', body.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      success: true,
      data: { access_token: aString, user: { _id: created.data.user._id, role: 'EndUser' } },
    });
  });

  it('mails an Arabic, right-to-left link to someone who prefers Arabic', async () => {
    const body = signupBody({ firstname: 'ليلى', role: 'Contributor', preferred_language: 'ar' });
    const signup = await post(t, '/auth/signup', body, { 'accept-language': 'ar' });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toMatchObject({
      message: 'تم إنشاء الحساب. أرسلنا رابط التأكيد إلى بريدك الإلكتروني.',
      data: { user: { role: 'Contributor', preferred_language: 'ar' } },
    });
    const mail = await smtp.waitForMail(body.email);
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('مرحبًا،');
    expect(mail.text).toContain(`/verifyemail/${linkToken(mail)}?lang=ar`);
    expect((await verify(linkToken(mail))).statusCode).toBe(200);
  });

  it('verifies once when the link is opened twice at the same moment, and tells the other it is verified', async () => {
    const body = signupBody();
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const token = linkToken(await smtp.waitForMail(body.email));
    const answers = await Promise.all([verify(token), verify(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toMatchObject({
      code: 'EMAIL_ALREADY_VERIFIED',
    });
  });

  it('stores the request language when no preference is given', async () => {
    const body = signupBody();
    await post(t, '/auth/signup', body, { 'accept-language': 'ar-SA,ar;q=0.9' });
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.preferredLanguage).toBe('ar');
    expect((await smtp.waitForMail(body.email)).subject).toBe('تأكيد عنوان بريدك الإلكتروني');
  });

  const userRow = async (email: string) =>
    (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
  const isSignupAttempt = (mail: CaughtMail) => !mail.text.includes('/verifyemail/');

  it('never lets a second signup take over an unverified account: the owner keeps link, password, name and role', async () => {
    const owner = signupBody({ firstname: 'Layla', role: 'EndUser' });
    const ownerAnswer = await post(t, '/auth/signup', owner);
    expect(ownerAnswer.statusCode).toBe(201);
    const ownerLink = linkToken(await smtp.waitForMail(owner.email));
    const before = await userRow(owner.email);

    const intruder = {
      ...owner,
      firstname: 'Mallory',
      lastname: 'Intruder',
      role: 'Contributor',
      password: 'intruder password',
      passwordConfirm: 'intruder password',
    };
    const intruderAnswer = await post(t, '/auth/signup', intruder);
    // Exactly the answer of a new signup, made of what the intruder sent; the owner's id is not in it.
    expect(intruderAnswer.statusCode).toBe(201);
    expect(intruderAnswer.json()).toEqual({
      success: true,
      message: ownerAnswer.json<SignupAnswer>().message,
      data: {
        user: {
          _id: aString,
          email: owner.email,
          firstname: 'Mallory',
          lastname: 'Intruder',
          role: 'Contributor',
          preferred_language: 'en',
        },
      },
    });
    expect(intruderAnswer.json<SignupAnswer>().data.user._id).not.toBe(before.id);

    // The owner is told, without a verification link (whoever registered first may not own the mailbox).
    const notice = await smtp.waitForMail(owner.email);
    expect(notice.subject).toBe('Someone tried to sign up with your e-mail address');
    // Unconfirmed, the account's name may be a stranger's text: the notice greets without it.
    expect(notice.text).toContain('Hello,');
    expect(notice.text).not.toContain('Layla');
    expect(notice.text).toContain('Your account is not confirmed yet.');
    // The first sign-up may have been someone else's, with their password (a reviewer): the owner is
    // sent to a reset, not to the first mail's link.
    expect(notice.text).toContain('To be sure the account is yours, reset its password');
    expect(notice.text).not.toContain('first e-mail');
    expect(notice.text).not.toContain('Mallory');
    expect(notice.html).toContain('href="http://localhost:3000/login?lang=en"');
    expect(notice.html).toContain('href="http://localhost:3000/forgotpassword?lang=en"');
    expect(notice.text).not.toContain('/verifyemail/');

    // Nothing about the account changed, and no second account exists.
    expect(await userRow(owner.email)).toEqual(before);
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);

    // Resend still works for the owner, and the first link is still valid after it.
    expect((await post(t, '/auth/resend-verification', { email: owner.email })).statusCode).toBe(200);
    expect(linkToken(await smtp.waitForMail(owner.email))).not.toBe(ownerLink);
    expect((await verify(ownerLink)).statusCode).toBe(200);

    expect((await login(t, owner.email, intruder.password)).statusCode).toBe(401);
    const signedIn = await login(t, owner.email, owner.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<SignedInBody>().data.user).toMatchObject({
      _id: before.id,
      firstname: 'Layla',
      lastname: 'Hassan',
      role: 'EndUser',
    });
  });

  it('answers a signup for a verified address like a new one and mails the owner in their language', async () => {
    const owner = signupBody({ firstname: 'ليلى', preferred_language: 'ar' });
    await post(t, '/auth/signup', owner);
    expect((await verify(linkToken(await smtp.waitForMail(owner.email)))).statusCode).toBe(200);
    const before = await userRow(owner.email);

    const fresh = await post(t, '/auth/signup', signupBody(), { 'accept-language': 'ar' });
    const intruder = { ...owner, password: 'intruder password', passwordConfirm: 'intruder password' };
    const again = await post(t, '/auth/signup', intruder, { 'accept-language': 'ar' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json<SignupAnswer>().message).toBe(fresh.json<SignupAnswer>().message);
    expect(Object.keys(again.json<SignupAnswer>().data.user)).toEqual(
      Object.keys(fresh.json<SignupAnswer>().data.user),
    );

    const notice = await smtp.waitForMail(owner.email, isSignupAttempt);
    expect(notice.subject).toBe('حاول أحدهم التسجيل ببريدك الإلكتروني');
    expect(notice.html).toContain('<html lang="ar" dir="rtl">');
    expect(notice.text).toContain('مرحبًا ليلى،');
    expect(notice.text).not.toContain('لم يتم تأكيد حسابك بعد');

    expect(await userRow(owner.email)).toEqual(before);
    expect((await login(t, owner.email, intruder.password)).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('rejects an expired link and an unknown one with 400 VERIFICATION_INVALID', async () => {
    const body = signupBody();
    const signup = await post(t, '/auth/signup', body);
    const token = linkToken(await smtp.waitForMail(body.email));
    await t.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, signup.json<SignupAnswer>().data.user._id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'VERIFICATION_INVALID',
      message:
        'This verification link is invalid, has expired or was already used. Please request a new one.',
    });
    expect((await verify('not-a-real-token')).json()).toMatchObject({ code: 'VERIFICATION_INVALID' });
  });

  it('resends a link to an unverified account and answers the same for any other address', async () => {
    const body = signupBody();
    await post(t, '/auth/signup', body);
    const firstMail = await smtp.waitForMail(body.email);

    const resent = await post(t, '/auth/resend-verification', { email: body.email });
    expect(resent.statusCode).toBe(200);
    const secondMail = await smtp.waitForMail(body.email);
    expect(linkToken(secondMail)).not.toBe(linkToken(firstMail));

    const unknown = await post(t, '/auth/resend-verification', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resent.json());

    // A verified account gets no more links.
    expect((await verify(linkToken(secondMail))).statusCode).toBe(200);
    const verifiedResend = await post(t, '/auth/resend-verification', { email: body.email });
    expect(verifiedResend.json()).toEqual(resent.json());
    await t.app.afterAnswers.settle(); // what it does after its answer (decision 136), then the outbox
    await t.app.outbox.flush();
    expect(smtp.mails.filter((mail) => mail.to.includes(body.email))).toHaveLength(2);
  });

  it('queues no link for an account verified or deactivated before its work after the answer ran (decision 147)', async () => {
    // That work can run late: it is tried again while the database is away. Run here by hand, late.
    const auth = authService(t.app);
    const signUp = async () => {
      const body = signupBody();
      expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
      const [row] = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
      return { row: row!, mail: await smtp.waitForMail(body.email.toLowerCase()) };
    };
    const links = async (userId: string) =>
      (await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, userId))).length;

    const verified = await signUp();
    const lateForVerified = await auth.resendVerification({ email: verified.row.email });
    expect((await verify(linkToken(verified.mail))).statusCode).toBe(200);
    await lateForVerified();

    const deactivated = await signUp();
    const lateForDeactivated = await auth.resendVerification({ email: deactivated.row.email });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.row.id));
    await lateForDeactivated();

    const waiting = await signUp(); // still unverified and active: its late work sends
    const lateForWaiting = await auth.resendVerification({ email: waiting.row.email });
    await lateForWaiting();

    expect([
      await links(verified.row.id),
      await links(deactivated.row.id),
      await links(waiting.row.id),
    ]).toEqual([1, 1, 2]);
    await t.app.outbox.flush();
    expect(smtp.mails.filter((mail) => mail.to.includes(verified.row.email))).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.to.includes(deactivated.row.email))).toHaveLength(1);
    expect(smtp.mails.filter((mail) => mail.to.includes(waiting.row.email))).toHaveLength(2);
  });

  it('queues one link when its work runs again after a commit whose answer was lost (decision 151)', async () => {
    // What the retry of decision 147 does when the connection is cut just after the commit: the
    // work runs again, whole. Run here by hand, twice.
    const auth = authService(t.app);
    const body = signupBody();
    expect((await post(t, '/auth/signup', body)).statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email.toLowerCase()));
    await smtp.waitForMail(row!.email);
    const resend = await auth.resendVerification({ email: row!.email });
    await resend();
    await resend();
    const links = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, row!.id));
    expect(links).toHaveLength(2); // the sign-up's and the resend's
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, row!.email));
    expect(queued).toHaveLength(2);
    await t.app.outbox.flush();
    const mails = smtp.mails.filter((mail) => mail.to.includes(row!.email));
    expect(mails).toHaveLength(2);
    expect((await verify(linkToken(mails[1]!))).statusCode).toBe(200);
  });

  it("resends the link in the language of the page that asked, else in the account's", async () => {
    const body = signupBody({ preferred_language: 'en' });
    await post(t, '/auth/signup', body);
    expect((await smtp.waitForMail(body.email)).subject).toBe('Verify your e-mail address');

    await post(t, '/auth/resend-verification', { email: body.email }, { 'accept-language': 'ar' });
    const arabic = await smtp.waitForMail(body.email);
    expect(arabic.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(arabic.text).toContain(`/verifyemail/${linkToken(arabic)}?lang=ar`);

    await post(t, '/auth/resend-verification', { email: body.email }, { 'accept-language': 'fr' });
    expect((await smtp.waitForMail(body.email)).subject).toBe('Verify your e-mail address');
  });
});
