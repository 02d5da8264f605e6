import { test, expect, expectAccessible } from '../src/fixtures.ts';

test('the app is served with the document direction of the chosen language', async ({ page, lang }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  expect(await page.evaluate(() => document.body.classList.contains('rtl'))).toBe(lang === 'ar');
  await expect(page.getByRole('main')).toBeVisible();
});

test('every page names the browser tab', async ({ page }) => {
  for (const path of ['/', '/login', '/signup', '/forgotpassword', '/admin/login', '/nowhere']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/\S · \S/);
  }
});

test('the shell serves hashed assets and no console errors on the public pages', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of ['/', '/login', '/signup', '/forgotpassword', '/resetpassword', '/admin/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
  expect(errors).toEqual([]);
});
