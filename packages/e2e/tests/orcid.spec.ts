import type { Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import {
  expect,
  expectAccessible,
  snap,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
} from '../src/fixtures.ts';

/**
 * Issue #15: ORCID sign-in against a local OpenID provider that behaves like ORCID (no e-mail in the
 * ID token), in both languages: the e-mail step, our verification link, then ORCID signs straight in.
 */

function S(lang: Language) {
  const t = translator(lang);
  return {
    signInOrcid: t('Sign in with ORCID'),
    email: t('Email'),
    send: t('Send the confirmation link'),
    checkMail: t('Check your e-mail'),
    verified: t('Email Verification Successful!'),
    availableCourses: t('Available Courses'),
  };
}

/**
 * The provider's development login and consent screens (oidc-provider's devInteractions): log in as
 * `orcidId` when asked, consent when asked, until the browser is back at the app.
 */
async function signInAtProvider(page: Page, orcidId: string) {
  // A provider session from an earlier sign-in may send the browser straight back.
  await page.waitForURL(/\/oidc\/|\/auth\/orcid\/callback|\/dashboard/);
  for (let step = 0; step < 5 && new URL(page.url()).pathname.startsWith('/oidc/'); step += 1) {
    const before = page.url();
    const login = page.locator('input[name="login"]');
    if ((await login.count()) > 0) {
      await login.fill(orcidId);
      await page.locator('input[name="password"]').fill('any');
    }
    await Promise.all([
      page.waitForURL((url) => url.toString() !== before),
      page.locator('button[type="submit"]').first().click(),
    ]);
  }
}

test('ORCID sign-in: the e-mail step, the verification link, then straight in', async ({ page, lang }) => {
  const T = S(lang);
  const orcidId = `0000-0002-${String(Date.now()).slice(-4)}-${lang === 'ar' ? '0001' : '0002'}`;
  await page.goto('/login');
  await page.getByRole('button', { name: T.signInOrcid }).click();
  await signInAtProvider(page, orcidId);

  // ORCID shared no e-mail: the app asks for one.
  await expect(page.getByRole('heading', { level: 1, name: T.signInOrcid })).toBeVisible();
  const email = uniqueEmail('orcid');
  await page.getByLabel(T.email).fill(email);
  await expectAccessible(page);
  await snap(page, lang, 'orcid-email-step');
  await page.getByRole('button', { name: T.send }).click();
  await expect(page.getByRole('heading', { name: T.checkMail })).toBeVisible();
  await expect(page.getByTestId('oidc-email-sent')).toContainText(email);
  await snap(page, lang, 'orcid-email-sent');

  const mail = await waitForMail(email);
  await page.goto(verificationLinkFrom(mail));
  await expect(page.getByText(T.verified)).toBeVisible();

  // From now on ORCID signs the account in, as the role chosen (EndUser from /login).
  await page.goto('/login');
  await page.getByRole('button', { name: T.signInOrcid }).click();
  await signInAtProvider(page, orcidId);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: T.availableCourses })).toBeVisible();
});
