import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../src/fixtures.ts';

const main = (page: Page) => page.getByRole('main');

/**
 * On a phone the tab is often dropped while the reader is in the mail app: back in it, the reloaded
 * /signup still says where the link went, with its Resend, as the reset page keeps its request
 * (decision 176). Its Back forgets it: the form again, and a reload keeps the form.
 */
test('the "sent" screen survives a reload of the tab; its Back returns to the form', async ({ page, t }) => {
  const email = uniqueEmail('sent-reload');
  const password = 'ui-password-123';
  await page.goto('/signup?role=EndUser');
  await main(page).getByLabel(t('First Name'), { exact: true }).fill('Lina');
  await main(page).getByLabel(t('Last Name'), { exact: true }).fill('Saleh');
  await main(page).getByLabel(t('Email'), { exact: true }).fill(email);
  await main(page).getByLabel(t('Password'), { exact: true }).fill(password);
  await main(page).getByLabel(t('Confirm Password'), { exact: true }).fill(`${password}-typo`);
  await main(page)
    .getByRole('button', { name: t('Sign Up'), exact: true })
    .click();
  const mismatch = page.getByRole('status').filter({ hasText: t('password does not match') });
  await expect(mismatch).toBeVisible();
  await main(page).getByLabel(t('Confirm Password'), { exact: true }).fill(password);
  await main(page)
    .getByRole('button', { name: t('Sign Up'), exact: true })
    .click();
  const sent = page.getByRole('heading', { level: 1, name: t('Your verification link is in your email!') });
  await expect(sent).toBeVisible();
  // The refusal is over: its toast does not stand over the new screen (it would for 3 s).
  await expect(mismatch).toHaveCount(0, { timeout: 2_000 });

  for (const path of ['/signup?role=EndUser', '/signup']) {
    await page.goto(path);
    await expect(sent).toBeVisible();
    await expect(main(page)).toContainText(email);
    await expect(main(page).getByRole('button', { name: t('Resend verification e-mail') })).toBeVisible();
    // Drawn by the app itself (the prerendered page is for a tab without it): its heading has the focus.
    await expect(sent).toBeFocused();
  }

  await main(page)
    .getByRole('link', { name: t('Back') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Sign Up'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Sign Up'));
  await expect(main(page).getByRole('link', { name: new RegExp(t('As User')) })).toBeVisible();
});
