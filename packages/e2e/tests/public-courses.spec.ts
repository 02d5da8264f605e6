import type { Page } from '@playwright/test';
import { LICENSE_INFO, type CourseLicense, type Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import { serverWording } from '../src/server-wording.ts';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  signInWithForm,
  snap,
  test,
  uniqueEmail,
  verificationLinkFrom,
  waitForMail,
  snapAtBothWidths,
} from '../src/fixtures.ts';
import { createApprovedCourse } from './learner-support.ts';

/**
 * Issue #15: the public, server-rendered course pages. A visitor without an account reads the
 * catalogue and a course (real HTML, JSON-LD, no CSP complaint), follows "Enrol" through sign-up and
 * the mailed verification link, logs in and lands in that course.
 */

/** The seeded demo course's title: course data (server/src/seed/demo-content.ts), not interface wording. */
const SEED_COURSE = {
  en: 'Unlocking the Secrets of Open Science',
  ar: 'اكتشف أسرار العلوم المفتوحة',
} as const;

/**
 * The journey's wording in a language: the server-rendered pages' own (src/server-wording.ts), the
 * licence names from @app/shared, the rest from the web catalogues.
 */
function T(lang: Language) {
  const t = translator(lang);
  const server = serverWording(lang);
  const licence = (license: CourseLicense) =>
    lang === 'ar' ? LICENSE_INFO[license].name_ar : LICENSE_INFO[license].name;
  return {
    catalogue: server.catalogueTitle,
    course: SEED_COURSE[lang],
    enrol: server.enrol,
    asUser: t('As User'),
    first: t('First Name'),
    last: t('Last Name'),
    email: t('Email'),
    password: t('Password'),
    confirm: t('Confirm Password'),
    signUp: t('Sign Up'),
    sent: t('Your verification link is in your email!'),
    verified: t('Email Verification Successful!'),
    loginButton: t('Login'),
    startLearning: t('Start Learning'),
    license: licence('CC-BY-4.0'),
    licenceGroup: t('Licence'),
    shareAlike: licence('CC-BY-SA-4.0'),
  };
}

const main = (page: Page) => page.getByRole('main');

/**
 * Opens a course from the public catalogue, following its "next" links until the course is listed:
 * journeys that approve courses (this file's last one among them) push the seeded one past page 1,
 * as the catalogue puts the newest update first.
 */
async function openFromCatalogue(page: Page, title: string): Promise<void> {
  const link = main(page).getByRole('link', { name: title });
  while ((await link.count()) === 0) {
    const next = page.locator('a[rel="next"]');
    await expect(next, `"${title}" is on no page of the catalogue`).toHaveCount(1);
    await page.goto((await next.getAttribute('href'))!);
  }
  await link.click();
}

test('a visitor reads a public course, enrols through sign-up and e-mail verification, and lands in it', async ({
  page,
  lang,
}) => {
  const t = T(lang);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });

  // The catalogue, without an account, in the project's language.
  await page.goto(`/courses?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.catalogue);
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'public-courses', { accessible: true });

  // A course page: real content and structured data a crawler reads without running scripts.
  await openFromCatalogue(page, t.course);
  await expect(page).toHaveURL(new RegExp(`/courses/[0-9a-f-]{36}\\?lang=${lang}$`));
  const courseId = /\/courses\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.course);
  await expect(main(page).getByRole('link', { name: t.license })).toHaveAttribute(
    'href',
    lang === 'ar'
      ? 'https://creativecommons.org/licenses/by/4.0/deed.ar'
      : 'https://creativecommons.org/licenses/by/4.0/',
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
  ) as { '@type': string; name: string; hasCourseInstance: { courseMode: string }[] };
  expect(jsonLd['@type']).toBe('Course');
  expect(jsonLd.name).toBe(t.course);
  expect(jsonLd.hasCourseInstance[0]!.courseMode).toBe('Online');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'public-course', { accessible: true });
  expect(cspErrors).toEqual([]);
  // Its skip link, the first Tab stop, puts the focus in the content (as the app's pages do).
  await page.keyboard.press('Tab');
  await expect(page.locator('a.skip')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Enrol → sign up (in the same language) → verification mail → log in → the course.
  await main(page).getByRole('link', { name: t.enrol }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=%2Fcourse%2F${courseId}&lang=${lang}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The role choices are links: a click before the prerendered page hydrates is not lost.
  await main(page)
    .getByRole('link', { name: new RegExp(t.asUser) })
    .click();
  await expect(page).toHaveURL(/[?&]role=EndUser(&|$)/);
  const email = uniqueEmail('public-visitor');
  const password = 'visitor-password-1';
  await main(page).getByLabel(t.first, { exact: true }).fill('Rania');
  await main(page).getByLabel(t.last, { exact: true }).fill('Haddad');
  await main(page).getByLabel(t.email, { exact: true }).fill(email);
  await main(page).getByLabel(t.password, { exact: true }).fill(password);
  await main(page).getByLabel(t.confirm, { exact: true }).fill(password);
  await main(page).getByRole('button', { name: t.signUp, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.sent })).toBeVisible();

  await page.goto(verificationLinkFrom(await waitForMail(email)));
  await expect(page.getByRole('heading', { name: t.verified })).toBeVisible();
  await main(page).getByRole('link', { name: t.loginButton }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcourse%2F${courseId}$`));
  await signInWithForm(page, lang, email, password);

  await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
  await main(page).getByRole('button', { name: t.startLearning }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.course);
  await expect(page.getByRole('link', { name: new RegExp(t.license) })).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'public-course-enrolled');
});

test('an unpublished or unknown course is a 404 page, and robots.txt and sitemap.xml are served', async ({
  page,
  request,
  lang,
}) => {
  const response = await page.goto(`/courses/00000000-0000-4000-8000-000000000000?lang=${lang}`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectAccessible(page);

  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await sitemap.text()).toContain('/sitemaps/courses-1.xml');
});

test('authors pick the licence in the course form; administrators see it in their table', async ({
  page,
  request,
  lang,
}) => {
  const t = T(lang);
  await signInBrowser(page, await createAccount(request, 'Contributor'));
  await page.goto('/course/add-course');
  const group = main(page).getByRole('group', { name: t.licenceGroup });
  await expect(group.getByRole('radio')).toHaveCount(5);
  await expect(group.getByRole('radio', { name: t.license })).toBeChecked();
  await group.getByRole('radio', { name: t.shareAlike }).check();
  await expect(group.getByRole('radio', { name: t.shareAlike })).toBeChecked();
  await group.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'course-form-licence', { accessible: true });

  // The newest course heads the admin table's first page, whatever other journeys added before.
  await createApprovedCourse(request, { license: 'CC-BY-SA-4.0' });
  await page.evaluate(() => localStorage.clear());
  await signInBrowser(page, await adminSession(request));
  await page.goto('/admin/dashboard');
  const table = main(page).getByRole('table');
  await expect(table.getByRole('columnheader', { name: t.licenceGroup })).toBeVisible();
  await expect(table.getByRole('link', { name: /CC BY-SA 4.0/ }).first()).toHaveAttribute(
    'href',
    `https://creativecommons.org/licenses/by-sa/4.0/${lang === 'ar' ? 'deed.ar' : ''}`,
  );
  await snap(page, lang, 'admin-table-licence');
});
