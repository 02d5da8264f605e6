import type { Page } from '@playwright/test';
import { expect, snapAtBothWidths, test } from '../src/fixtures.ts';

/**
 * Where the keyboard focus starts on the sign-in pages (features/auth/hooks/use-focus-on-arrival.ts):
 * a page the app draws starts in its field, as sign-up's form always did; a prerendered page the app
 * adopts, which it reaches only once the reader acts on it (decision 053), keeps the browser's focus.
 */

const isReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-ready'));
const main = (page: Page) => page.getByRole('main');
const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);

test('Forgot and Reset Password start in their field when the app opens them, not on a direct load', async ({
  page,
  lang,
  t,
}) => {
  // A direct load: the press on the page fetches the app, which adopts the page and leaves the focus.
  await page.goto('/forgotpassword', { waitUntil: 'networkidle' });
  await main(page).getByRole('heading', { level: 1 }).click();
  await expect.poll(() => isReady(page)).toBe(true); // the page's effects ran before it said so
  expect(await focusIsOnBody(page)).toBe(true);

  // From Log In's "Forgot Password?", by the keyboard, with the app running.
  await page.goto('/login');
  const loginEmail = main(page).getByLabel(t('Email'), { exact: true });
  await loginEmail.click();
  await expect.poll(() => isReady(page)).toBe(true);
  await loginEmail.fill('someone@example.test');
  await main(page)
    .getByRole('link', { name: t('Forgot Password?') })
    .press('Enter');
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expect(main(page).getByLabel(t('Email'), { exact: true })).toBeFocused();
  await snapAtBothWidths(page, lang, 'forgot-password-focus-on-arrival');

  // Enter sends the address carried from Log In; the code's page opens in its field.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/resetpassword$/);
  const code = main(page).getByLabel(t('Reset Code'), { exact: true });
  await expect(code).toBeFocused();

  // Reloaded with the request kept, the app draws the page itself at once (decision 176), as it
  // draws sign-up's form on a load of /signup?role=: it starts in the field too.
  await page.reload();
  await expect(code).toBeFocused();
});

test('Back from the sign-up form gives the focus to the role the reader chose', async ({ page, t }) => {
  await page.goto('/signup');
  await page.keyboard.press('Tab'); // an act on the page: the app arrives and adopts it
  await expect.poll(() => isReady(page)).toBe(true);
  const contributor = main(page).getByRole('link', { name: new RegExp(t('As Contributor')) });
  await contributor.press('Enter');
  await expect(main(page).getByLabel(t('First Name'), { exact: true })).toBeFocused();
  await main(page)
    .getByRole('link', { name: t('Back'), exact: true })
    .press('Enter');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(contributor).toBeFocused();
  expect(await contributor.evaluate((link) => link.matches(':focus-visible'))).toBe(true);
});
