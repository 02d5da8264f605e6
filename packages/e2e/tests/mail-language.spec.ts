import type { APIRequestContext, Page } from '@playwright/test';
import type { Language, User } from '@app/shared';
import { createAccount, expect, openSignedIn, test, waitForMail } from '../src/fixtures.ts';

const RESET_SUBJECT: Record<Language, string> = {
  en: 'Your password reset code',
  ar: 'رمز إعادة تعيين كلمة المرور',
};

/**
 * A new account whose language is `lang` (the page's, so choosing the other is a change in either
 * project), and a way to read its language from the server.
 */
async function accountIn(request: APIRequestContext, lang: Language) {
  const account = await createAccount(request);
  const headers = { authorization: `Bearer ${account.token}` };
  const start = await request.patch('/api/v1/auth/user', { headers, data: { preferred_language: lang } });
  expect(start.status(), await start.text()).toBe(200);
  const accountLanguage = async () => {
    const response = await request.get('/api/v1/auth/user', { headers });
    return ((await response.json()) as { data: { user: User } }).data.user.preferred_language;
  };
  return { account, accountLanguage };
}

/** Chooses `language` in the page's language menu; the page is in it once this returns. */
async function chooseLanguage(page: Page, language: Language) {
  await page.getByTestId('language-toggle').first().click();
  await page.getByRole('menuitemradio', { name: language === 'ar' ? 'العربية' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Decision 137: the language menu sets a signed-in reader's account language, which their mails use. */
test('the language menu gives the account its language, and a mail asked without a page is in it', async ({
  page,
  request,
  lang,
}) => {
  const other: Language = lang === 'ar' ? 'en' : 'ar';
  const { account, accountLanguage } = await accountIn(request, lang);

  await openSignedIn(page, account, '/dashboard');
  await chooseLanguage(page, other);
  await expect.poll(accountLanguage).toBe(other);

  // Asked by a client naming neither language: the account's.
  const forgot = await request.post('/api/v1/auth/forgotpassword', {
    data: { email: account.email },
    headers: { 'accept-language': 'fr' },
  });
  expect(forgot.status()).toBe(200);
  await waitForMail(account.email, (mail) => mail.subject === RESET_SUBJECT[other]);
});

test('a language chosen on the landing page while signed in reaches the account on the next board', async ({
  page,
  request,
  lang,
}) => {
  const other: Language = lang === 'ar' ? 'en' : 'ar';
  const { account, accountLanguage } = await accountIn(request, lang);

  // The landing page is static (no account code): its menu reloads the page in the language.
  await openSignedIn(page, account, '/');
  await chooseLanguage(page, other);
  expect(await accountLanguage()).toBe(lang);

  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await expect.poll(accountLanguage).toBe(other);
});
