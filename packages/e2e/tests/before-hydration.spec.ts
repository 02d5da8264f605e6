import type { Locator, Page } from '@playwright/test';
import type { Translate } from '../src/catalogue.ts';
import { createAccount, expect, holdApp, snap, snapAtBothWidths, test } from '../src/fixtures.ts';

/**
 * The prerendered sign-in pages before React has hydrated them (decision 037): the app's entry is
 * held back, as on a slow network, while the reader types, shows the password, submits and picks a
 * language. Nothing typed travels in an address, nothing is lost, and the app finishes the job.
 */

const isReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-ready'));

/**
 * Shows the password of the form in `main` with its toggle, which works at once without the app:
 * clicked again until the small early module has arrived (a click before it does nothing).
 */
async function showPasswordEarly(main: Locator, t: Translate) {
  const password = main.getByLabel(t('Password'), { exact: true });
  const toggle = main.getByRole('button', { name: t('Show password') });
  await expect(async () => {
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text', { timeout: 500 });
  }).toPass();
  return { password, toggle };
}

test('a log-in submitted before hydration keeps the password out of every address and signs in', async ({
  page,
  request,
  lang,
  t,
}) => {
  const account = await createAccount(request);
  const addresses: string[] = [];
  page.on('request', (sent) => addresses.push(sent.url()));
  const release = await holdApp(page);
  // 'commit': the held module script keeps DOMContentLoaded (and 'load') from firing.
  await page.goto('/login', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: t('Log In') })).toBeVisible();

  // The show/hide toggle works at once.
  const { password, toggle } = await showPasswordEarly(main, t);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await main.getByLabel(t('Email'), { exact: true }).fill(account.email);
  await password.fill(account.password);
  await main.getByRole('button', { name: t('Log In'), exact: true }).click();
  // Held: still on the page, nothing sent, the form marked busy, the app not running yet.
  await expect(main.locator('form[aria-busy="true"]')).toHaveCount(1);
  expect(page.url()).toMatch(/\/login$/);
  expect(await isReady(page)).toBe(false);
  await snap(page, lang, 'login-held-before-hydration');

  release();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  const secrets = [account.password, encodeURIComponent(account.password), 'password='];
  for (const address of addresses)
    for (const secret of secrets) expect(address, 'a request address').not.toContain(secret);
});

test('typed fields and the password toggle survive hydration; React takes the toggle over', async ({
  page,
  t,
}) => {
  // `/login` is hydrated; with a query the app renders the page from scratch (decision 034), and
  // the typed values are put into the new form's fields of the same names.
  for (const path of ['/login', '/login?next=%2Fdashboard']) {
    const release = await holdApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const email = main.getByLabel(t('Email'), { exact: true });
    const { password, toggle } = await showPasswordEarly(main, t);
    await email.fill('early@e2e.test');
    await password.fill('typed-before-hydration');
    release();
    await expect.poll(() => isReady(page), path).toBe(true);
    await expect(email, path).toHaveValue('early@e2e.test');
    await expect(password, path).toHaveValue('typed-before-hydration');
    if (path === '/login') {
      // React's state agrees with what the reader saw: one click now hides the password.
      await expect(password).toHaveAttribute('type', 'text');
      await toggle.click();
      await expect(password).toHaveAttribute('type', 'password');
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
    await page.unrouteAll();
  }
});

test('an address typed before hydration is carried to Forgot Password?', async ({ page, t }) => {
  const release = await holdApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByRole('main').getByLabel(t('Email'), { exact: true });
  await email.fill('early-carry@e2e.test');
  release();
  await expect.poll(() => isReady(page)).toBe(true);
  // The field was never typed in after the app arrived: what a watch of it saw is still empty.
  await page.getByRole('link', { name: t('Forgot Password?') }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await expect(page.getByRole('main').getByLabel(t('Email'), { exact: true })).toHaveValue(
    'early-carry@e2e.test',
  );
  await page.unrouteAll();
});

test('typing goes on while the app draws the page anew: the focus and every key are kept', async ({
  page,
  t,
}) => {
  // With a query (or in a language the page was not prerendered in) the app renders the page from
  // scratch (decision 034), replacing the field being typed into; the focus fell to the body and the
  // rest of the address went nowhere (an audit: 10 of 10 Arabic sign-ins).
  const release = await holdApp(page);
  await page.goto('/login?next=%2Fdashboard', { waitUntil: 'commit' });
  const email = page.getByRole('main').getByLabel(t('Email'), { exact: true });
  await expect(async () => {
    await email.click();
    await expect(email).toBeFocused({ timeout: 500 });
  }).toPass();
  await page.keyboard.type('early', { delay: 20 });
  release();
  // Keys keep coming while the app arrives and replaces the form, and after.
  await page.keyboard.type('-typist@e2e', { delay: 40 });
  await expect.poll(() => isReady(page)).toBe(true);
  await page.keyboard.type('.test', { delay: 20 });
  await expect(email).toHaveValue('early-typist@e2e.test');
  await expect(email).toBeFocused();
});

test('the language menu works before hydration: the page comes back in the chosen language', async ({
  page,
  lang,
}) => {
  const other = lang === 'ar' ? 'en' : 'ar';
  const release = await holdApp(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const toggle = page.getByTestId('language-toggle');
  await expect(async () => {
    await toggle.click();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.getByRole('menuitemradio', { name: other === 'ar' ? 'العربية' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
  release();
  // The page came back prerendered in that language: the app starts once the reader acts on it.
  await page.getByRole('main').getByRole('textbox').first().focus();
  await expect.poll(() => isReady(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe(other);
});

test('a sign-in page fetches the app only when the visitor acts on it, provider buttons included', async ({
  page,
  lang,
  t,
}) => {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto('/forgotpassword', { waitUntil: 'networkidle' });
  const entry = await page.locator('script[data-app-entry]').getAttribute('data-app-entry');
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  // Read: nothing but the early module.
  expect(scripts).not.toContain(entry);
  expect(await isReady(page)).toBe(false);
  // The first act on the page fetches it, and the app takes the page over.
  await page.getByRole('main').getByRole('textbox').first().click();
  await expect.poll(() => isReady(page)).toBe(true);
  expect(scripts.filter((script) => script === entry)).toHaveLength(1);

  // The test server has ORCID on: the log-in page shows its button before the app has come, and a tap
  // on it fetches the app, which then goes on to the provider.
  scripts.length = 0;
  await page.goto('/login', { waitUntil: 'networkidle' });
  const orcid = page.getByRole('button', { name: t('Sign in with ORCID') });
  await expect(orcid).toBeVisible();
  await expect(page.getByRole('button', { name: t('Sign in with Google') })).toBeHidden();
  expect(scripts).not.toContain(entry);
  await snapAtBothWidths(page, lang, 'login-provider-before-app');
  expect(await isReady(page)).toBe(false);
  await orcid.click();
  await expect(page).not.toHaveURL(/\/login$/);
  expect(scripts.filter((script) => script === entry)).toHaveLength(1);
});

test('a sign-up role picked before hydration keeps where the visitor was going', async ({
  page,
  lang,
  t,
}) => {
  const release = await holdApp(page);
  // Sent from a course page: the prerendered role links cannot know this query; the early module adds it.
  await page.goto(`/signup?next=%2Fdashboard&lang=${lang}`, { waitUntil: 'commit' });
  const main = page.getByRole('main');
  const asUser = main.getByRole('link', { name: new RegExp(t('As User')) });
  await expect(asUser).toHaveAttribute('href', /[?&]next=%2Fdashboard(&|$)/);
  await expect(main.getByRole('link', { name: t('Log In') })).toHaveAttribute(
    'href',
    '/login?next=%2Fdashboard',
  );
  expect(await isReady(page)).toBe(false);
  await asUser.click();
  await expect(page).toHaveURL(/\/signup\?/);
  const query = new URL(page.url()).searchParams;
  expect([query.get('role'), query.get('next'), query.get('lang')]).toEqual(['EndUser', '/dashboard', lang]);
  release();
  await expect.poll(() => isReady(page)).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(main.getByLabel(t('First Name'), { exact: true })).toBeVisible();
});

test('without JavaScript a submitted log-in form is posted, never put in the address', async ({
  browser,
  lang,
  t,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/login?next=%2Fdashboard`);
  const main = page.getByRole('main');
  await main.getByLabel(t('Email'), { exact: true }).fill('nojs@e2e.test');
  await main.getByLabel(t('Password'), { exact: true }).fill('never-in-the-address');
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === 'POST'),
    main.getByRole('button', { name: t('Log In'), exact: true }).click(),
  ]);
  expect(response.status()).toBe(303);
  await expect(page).toHaveURL(`${baseURL}/login?next=%2Fdashboard`);
  await expect(main.getByRole('heading', { level: 1, name: t('Log In') })).toBeVisible();
  await context.close();
});

test('a sign-in page whose app cannot be fetched says so, lets go of the press, and a reload signs in', async ({
  page,
  request,
  lang,
  t,
}) => {
  // Decision 140: the connection drops after the page came, before the app's script arrived.
  const account = await createAccount(request);
  const entry = /\/assets\/index-[\w-]+\.js$/;
  let drop = () => {};
  const dropped = new Promise<void>((resolve) => (drop = resolve));
  await page.route(entry, async (route) => {
    await dropped;
    await route.abort('internetdisconnected');
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  const { password } = await showPasswordEarly(main, t);
  const message = main.getByRole('alert');
  await expect(message).toBeHidden();
  await main.getByLabel(t('Email'), { exact: true }).fill(account.email);
  await password.fill(account.password);
  const logIn = main.getByRole('button', { name: t('Log In'), exact: true });
  await logIn.click();
  await expect(main.locator('form[aria-busy="true"]')).toHaveCount(1);

  drop();
  await expect(message).toBeVisible();
  await expect(message).toContainText(
    t(
      'This page could not finish loading, so it cannot send anything yet. Check your connection, then reload the page.',
    ),
  );
  await expect(message).toBeFocused(); // the reader had pressed: taken to why nothing happens
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
  await snapAtBothWidths(page, lang, 'login-app-failed', { accessible: true });
  // Pressing again sends nothing and leads back to the message; the page stays.
  await password.focus();
  await logIn.click();
  await expect(message).toBeFocused();
  expect(page.url()).toMatch(/\/login$/);
  expect(await isReady(page)).toBe(false);

  // The connection is back: the reload fetches the app (once the visitor acts, decision 053).
  await page.unroute(entry);
  await Promise.all([
    page.waitForEvent('load'),
    message.getByRole('button', { name: t('Reload page') }).click(),
  ]);
  await expect(message).toBeHidden();
  await showPasswordEarly(main, t);
  await main.getByLabel(t('Email'), { exact: true }).fill(account.email);
  await password.fill(account.password);
  await logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
});
