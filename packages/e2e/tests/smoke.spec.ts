import { test, expect } from '../src/fixtures.ts';

test('the app is served with the document direction of the chosen language', async ({ page, lang }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
});
