import type { Page } from '@playwright/test';
import { serverWording } from '../src/server-wording.ts';
import { expect, signInWithForm, test, uniqueEmail, waitForMail, type CaughtMail } from '../src/fixtures.ts';

/**
 * Decision 200: a visitor signs up from a course's public page, and opens the mailed verification
 * link on another device (a phone's mail app, its browser): nothing of the sign-up's browser is
 * there, yet after logging in the new account lands in that course, carried by the link itself.
 */

/** The seeded demo course's title: course data (server/src/seed/demo-content.ts). */
const SEED_COURSE = {
  en: 'Unlocking the Secrets of Open Science',
  ar: 'اكتشف أسرار العلوم المفتوحة',
} as const;

const main = (page: Page) => page.getByRole('main');

/** The whole verification link of a mail's text part, its query (`lang`, `next`) included. */
function fullVerificationLink(mail: CaughtMail): string {
  const match = /https?:\/\/\S+\/verifyemail\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No verification link in mail "${mail.subject}"`);
  return match[0];
}

test('the verification link opened in another browser still leads back to the course', async ({
  page,
  browser,
  lang,
  t,
  extraHTTPHeaders,
}) => {
  // The course's public page, reached from the catalogue as a visitor would.
  await page.goto(`/courses?lang=${lang}`);
  const course = main(page).getByRole('link', { name: SEED_COURSE[lang] });
  while ((await course.count()) === 0) {
    const next = page.locator('a[rel="next"]');
    await expect(next, 'the seeded course is on no page of the catalogue').toHaveCount(1);
    await page.goto((await next.getAttribute('href'))!);
  }
  await course.click();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}\?lang=/);
  const courseId = /\/courses\/([0-9a-f-]{36})/.exec(page.url())![1]!;

  // Enrol → sign up.
  await main(page)
    .getByRole('link', { name: serverWording(lang).enrol })
    .click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=%2Fcourse%2F${courseId}&lang=${lang}$`));
  await main(page)
    .getByRole('link', { name: new RegExp(t('As User')) })
    .click();
  const email = uniqueEmail('other-device');
  const password = 'other-device-password-1';
  await main(page).getByLabel(t('First Name'), { exact: true }).fill('Amal');
  await main(page).getByLabel(t('Last Name'), { exact: true }).fill('Nasser');
  await main(page).getByLabel(t('Email'), { exact: true }).fill(email);
  await main(page).getByLabel(t('Password'), { exact: true }).fill(password);
  await main(page).getByLabel(t('Confirm Password'), { exact: true }).fill(password);
  await main(page)
    .getByRole('button', { name: t('Sign Up'), exact: true })
    .click();
  await expect(
    page.getByRole('heading', { name: t('Your verification link is in your email!') }),
  ).toBeVisible();

  // The mail's link names the course, in the mail's language.
  const link = fullVerificationLink(await waitForMail(email));
  expect(link).toMatch(
    new RegExp(`/verifyemail/[A-Za-z0-9_-]+\\?lang=${lang}&next=%2Fcourse%2F${courseId}$`),
  );

  // Another device: a new browser context, with nothing of the first one's storage or cookies.
  const phone = await browser.newContext({ extraHTTPHeaders, viewport: { width: 375, height: 800 } });
  try {
    const other = await phone.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: t('Email Verification Successful!') })).toBeVisible();
    expect(await other.evaluate(() => localStorage.getItem('next_after_verify'))).toBeNull();
    await main(other)
      .getByRole('link', { name: t('Login') })
      .click();
    await expect(other).toHaveURL(new RegExp(`/login\\?next=%2Fcourse%2F${courseId}$`));
    await signInWithForm(other, lang, email, password);
    await expect(other).toHaveURL(new RegExp(`/course/${courseId}$`));
    await expect(main(other).getByRole('button', { name: t('Start Learning') })).toBeVisible();
  } finally {
    await phone.close();
  }
});
