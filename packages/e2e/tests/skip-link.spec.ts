import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  signInWithForm,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * Decision 201: every page starts with "Skip to main content", which the first Tab shows and Enter
 * follows into the page's `<main>`; a page the app goes to is announced by its title, and Tab starts
 * again from the document's start there, as on a page the browser loads.
 */

const skipLink = (page: Page) => page.locator('#root > a[href="#main"]');

/** The announcer's words and the tab's title, once it has said them (a moment after the page is drawn). */
async function expectAnnounced(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const said = document.querySelector('#root > p[aria-live="polite"]')?.textContent ?? null;
        return said === document.title ? 'the tab’s title' : `"${said}" for "${document.title}"`;
      }),
    )
    .toBe('the tab’s title');
}

/** The first Tab from where the page left the focus shows the link, at the start side, and Enter goes into <main>. */
async function skipIntoMain(page: Page, lang: string, name?: string) {
  const link = skipLink(page);
  expect((await link.boundingBox())?.width).toBeLessThanOrEqual(1); // hidden until the keyboard reaches it
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  const box = (await link.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.width).toBeGreaterThan(100);
  expect(box.y).toBeGreaterThanOrEqual(0);
  if (lang === 'ar') expect(box.x + box.width).toBeGreaterThan(width - 40);
  else expect(box.x).toBeLessThan(40);
  if (name) {
    await expectAccessible(page);
    await snapAtBothWidths(page, lang as 'en' | 'ar', name, { fullPage: false, accessible: true });
    await expect(link).toBeFocused();
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).not.toHaveURL(/#main$/); // no history entry of its own
  // Tab goes on inside the main content, not back to the header (nor to the viewer's content list).
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
}

test('the first Tab shows the skip link and Enter takes the focus into main; each page the app opens is announced', async ({
  page,
  request,
  lang,
  t,
}) => {
  const course = await createApprovedCourse(request);
  const title = lang === 'ar' ? course.titleAr : course.title;
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  const site = t('Open Science Courses');
  const titled = (name: string) => new RegExp(`^\\u2068?${name}\\u2069? · ${site}$`);

  // A page the browser loaded is not announced: the screen reader read it already.
  await page.goto('/login');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(400);
  await expect(page.locator('#root > p[aria-live="polite"]')).toHaveText('');

  // Log In → the catalogue: announced, and the first Tab reaches the skip link (it went on after the
  // pressed button's place, to the header's logo, before).
  await signInWithForm(page, lang, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAnnounced(page, titled(t('Available Courses')));
  await skipIntoMain(page, lang, 'skip-link-dashboard');

  // A card's link opens the course: announced; at 1280 px, after the skip link, Tab is in the main
  // panel, not in the content list at its side.
  await page
    .getByRole('navigation', { name: t('Course lists') })
    .getByRole('link', { name: t('My courses') })
    .click();
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectAnnounced(page, titled(title));
  await skipIntoMain(page, lang, 'skip-link-course');
  expect(await page.evaluate(() => document.activeElement?.closest('aside') === null)).toBe(true);

  // Back to the dashboard, by the header's link: announced again.
  await page.getByRole('link', { name: t('Back to dashboard') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectAnnounced(page, titled(t('Available Courses')));
  await skipIntoMain(page, lang);

  // Log Out → Log In.
  await page.getByTestId('profile-button').click();
  await page.getByRole('menuitem', { name: t('Log Out') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAnnounced(page, titled(t('Log In')));
  await skipIntoMain(page, lang);
});

test('a page loaded by the browser starts with the skip link too', async ({ page, request, lang }) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);
  for (const path of ['/dashboard', `/course/${course.id}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await skipIntoMain(page, lang);
  }
});
