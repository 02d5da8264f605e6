import { test, expect, createAccount, expectAccessible, signInWithForm } from '../src/fixtures.ts';

/**
 * A browser that blocks this site's data ("block all cookies" in Chromium and Safari, some embedded
 * browsers) throws a SecurityError at the mere `window.localStorage` and `window.sessionStorage`, and
 * keeps no cookie. No Playwright switch blocks site data, so the page's getters throw that same error
 * here (set after the fixture's own script), `document.cookie` keeps nothing and the context has none.
 */
function refuseSiteData() {
  Object.defineProperty(document, 'cookie', { configurable: true, get: () => '', set: () => {} });
  for (const kind of ['localStorage', 'sessionStorage'] as const)
    Object.defineProperty(window, kind, {
      configurable: true,
      get() {
        throw new DOMException(
          `Failed to read the '${kind}' property from 'Window': Access is denied for this document.`,
          'SecurityError',
        );
      },
    });
}

test('with the site’s storage blocked, a learner signs in and studies in that tab, and a reload asks to sign in again (decision 157)', async ({
  page,
  request,
  lang,
  t,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const learner = await createAccount(request);
  await page.context().clearCookies();
  await page.addInitScript(refuseSiteData);

  // The reader's language, as a link from a public course page asks for it (or the language menu).
  await page.goto(`/login?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await signInWithForm(page, lang, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: t('Available Courses') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // Told, in their language, what a browser that keeps nothing means for them.
  await expect(
    page.getByRole('status').filter({
      hasText: t(
        'This browser keeps no data for this site, so you stay signed in only until this page is reloaded or closed.',
      ),
    }),
  ).toBeVisible();

  // The session held in memory carries on across the app's own navigation: enrol and open a course.
  const card = page.getByTestId('course-card').first();
  const title = await card.getByRole('heading').first().innerText();
  await card.getByRole('button', { name: new RegExp(t('Start Learning')) }).click();
  await expect(page).toHaveURL(/\/course\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectAccessible(page);

  // Nothing outlives the page: a reload starts signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /Log In|تسجيل الدخول/ })).toBeVisible();
  expect(errors).toEqual([]);
});
