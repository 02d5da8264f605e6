import { mkdirSync } from 'node:fs';
import type { Language } from '@app/shared';
import type { Locator, Page } from '@playwright/test';
import { adminSession, createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * Direction is an invariant, not a hope: on every screen with tabs, menus and modals, each element
 * that carries its own `dir` agrees with the document, unless it is user content marked `auto`, text
 * in a declared language (an Arabic field in the English interface), or an e-mail/URL input. Axe does
 * not see this, so it is checked here, with the computed direction of the widgets themselves.
 */

const directionOf = (lang: Language) => (lang === 'ar' ? 'rtl' : 'ltr');

/** Elements whose own `dir` disagrees with the document without a reason (their opening tags). */
async function expectOwnDirectionsAgree(page: Page, where: string) {
  const offenders = await page.evaluate(() => {
    const documentDir = document.documentElement.dir;
    const byLanguage = (lang: string) => (lang.startsWith('ar') ? 'rtl' : 'ltr');
    return Array.from(document.body.querySelectorAll('[dir]'))
      .filter((element) => {
        const dir = element.getAttribute('dir');
        if (dir === documentDir || dir === 'auto') return false;
        const lang = element.getAttribute('lang');
        if (lang && dir === byLanguage(lang)) return false;
        return !element.matches('input[type=email][dir=ltr], input[type=url][dir=ltr]');
      })
      .map((element) => element.outerHTML.slice(0, element.outerHTML.indexOf('>') + 1));
  });
  expect(offenders, `elements whose dir disagrees with the document on ${where}`).toEqual([]);
}

async function expectComputedDirection(locator: Locator, lang: Language) {
  await expect(locator).toBeVisible();
  expect(await locator.evaluate((element) => getComputedStyle(element).direction)).toBe(directionOf(lang));
}

/** What the viewport shows, for people to look at: .artifacts/screenshots/<lang>-dir-<name>-<width>.png */
async function shot(page: Page, lang: Language, name: string) {
  mkdirSync('.artifacts/screenshots', { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `.artifacts/screenshots/${lang}-dir-${name}-${width}.png` });
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** A dropdown opened by `trigger`: its menu follows the document's direction, at both widths. */
async function checkMenu(page: Page, lang: Language, trigger: Locator, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await trigger.click();
    const menu = page.getByRole('menu');
    await expectComputedDirection(menu, lang);
    await expect(menu).toHaveAttribute('dir', directionOf(lang));
    if (size.width === 1280) {
      // Aligned to the trigger's end: its right edge in English, its left edge in Arabic.
      const [box, anchor] = [await menu.boundingBox(), await trigger.boundingBox()];
      const edge = (b: { x: number; width: number }) => (lang === 'ar' ? b.x : b.x + b.width);
      expect(Math.abs(edge(box!) - edge(anchor!))).toBeLessThan(2);
    }
    await expectOwnDirectionsAgree(page, name);
    await shot(page, lang, name);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
}

test('landing tabs, the profile and language menus follow the document direction', async ({
  page,
  request,
  lang,
  t,
}) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: t('About the platform') });
  await tabs.scrollIntoViewIfNeeded();
  await expectComputedDirection(tabs, lang);
  await expectComputedDirection(page.getByRole('tabpanel'), lang);
  // The first tab sits at the start side: left in English, right in Arabic.
  const [first, second] = [
    await tabs.getByRole('tab').nth(0).boundingBox(),
    await tabs.getByRole('tab').nth(1).boundingBox(),
  ];
  expect(first!.x < second!.x).toBe(lang === 'en');
  await expectOwnDirectionsAgree(page, 'the landing page');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await tabs.getByRole('tab', { name: t('Useful links') }).click();
    await expectComputedDirection(page.getByRole('tabpanel'), lang);
    await tabs.scrollIntoViewIfNeeded();
    await shot(page, lang, 'landing-tabs');
  }
  await page.setViewportSize(WIDTHS[0]);

  const learner = await createAccount(request);
  await openSignedIn(page, learner, '/dashboard');
  await expectOwnDirectionsAgree(page, '/dashboard');
  await checkMenu(page, lang, page.getByTestId('profile-button'), 'profile-menu');
  await checkMenu(page, lang, page.getByTestId('language-toggle'), 'language-menu');
});

test('the header search box keeps its icon clear of the text in either script', async ({
  page,
  request,
  lang,
  t,
}) => {
  await openSignedIn(page, await createAccount(request), '/dashboard');
  const box = page.getByRole('search').getByRole('searchbox', { name: t('Search courses') });
  const icon = page.getByRole('search').locator('svg');
  // The script the page is not in: the field turns to the text's direction (`dir="auto"`), the icon stays.
  const text = lang === 'ar' ? 'Open data' : 'البيانات المفتوحة';
  await box.fill(text);
  await expect(box).toHaveAttribute('dir', 'auto');
  // The menus, drawn after the box from 640 px and before it below (decision 207).
  const menusAfterBox = page
    .getByRole('banner')
    .locator('form[role=search] ~ div [data-testid=profile-button]');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // The header has drawn this width's order, and kept the box with its text and focus as it did.
    await expect(menusAfterBox).toHaveCount(size.width >= 640 ? 1 : 0);
    await expect(box).toHaveValue(text);
    await expect(box).toBeFocused();
    const [field, glyph] = [(await box.boundingBox())!, (await icon.boundingBox())!];
    const padding = await box.evaluate((element) => {
      const style = getComputedStyle(element);
      return { left: parseFloat(style.paddingLeft), right: parseFloat(style.paddingRight) };
    });
    // The icon lies inside the padding on its side, where neither text nor the clear button is drawn.
    if (lang === 'ar') expect(glyph.x).toBeGreaterThanOrEqual(field.x + field.width - padding.right);
    else expect(glyph.x + glyph.width).toBeLessThanOrEqual(field.x + padding.left);
    await shot(page, lang, 'search-other-script');
  }
});

test('the course viewer’s description tab follows the document direction', async ({
  page,
  request,
  lang,
  t,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await openSignedIn(page, learner, `/course/${course.id}`);
  const tabs = page.getByRole('tablist', { name: t('About this course') });
  await expectComputedDirection(tabs, lang);
  await expectComputedDirection(page.getByRole('tabpanel'), lang);
  await expectOwnDirectionsAgree(page, 'the course viewer');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await tabs.scrollIntoViewIfNeeded();
    await shot(page, lang, 'viewer-tabs');
  }
});

test('the admin row-action menu follows the document direction; user text is isolated', async ({
  page,
  request,
  lang,
}) => {
  await openSignedIn(page, await adminSession(request), '/admin/dashboard');
  const row = page.getByTestId('course-row').first();
  await expect(row).toBeVisible();
  // Title and contributor's name are user text, each isolated in its own direction: by its first
  // letter, or right to left for a title known to be Arabic (decision 177).
  await expect(row.locator('[dir=auto], [dir=rtl]')).toHaveCount(2);
  await expectOwnDirectionsAgree(page, '/admin/dashboard');
  await checkMenu(page, lang, row.getByTestId('row-actions'), 'admin-row-menu');
  // The header's box searches the table on screen (decision 056).
  await expect(page.getByRole('searchbox')).toHaveCount(1);
});

test('the quiz-question modal keeps its actions on screen; the delete confirmation fits its content', async ({
  page,
  request,
  lang,
  t,
}) => {
  const contributor = await createAccount(request, 'Contributor');
  await openSignedIn(page, contributor, '/course/add-course');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('button', { name: t('Add Section') }).click();
  const section = page.getByTestId('section-1');
  // Typed content makes deleting the section ask first.
  await section.getByLabel(t('Section title'), { exact: true }).fill('Getting started');
  await section.getByRole('button', { name: t('Add Resources') }).click();
  await page.getByTestId('resource-1-1').getByLabel(t('Resource type'), { exact: true }).selectOption('quiz');

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.getByRole('button', { name: t('Add Question') }).click();
    const dialog = page.getByRole('dialog', { name: t('Add Question') });
    // Four options: the tallest the form gets.
    await dialog.getByRole('button', { name: t('Add option') }).click();
    await dialog.getByRole('button', { name: t('Add option') }).click();
    await expectComputedDirection(dialog, lang);
    await expectOwnDirectionsAgree(page, 'the quiz-question modal');
    // Cancel and Add are on screen without scrolling, and stay there when the body scrolls.
    const actions = [
      dialog.getByRole('button', { name: t('Cancel'), exact: true }),
      dialog.getByRole('button', { name: t('Add'), exact: true }),
    ];
    for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
    await shot(page, lang, 'quiz-modal');
    await dialog.locator('fieldset').last().scrollIntoViewIfNeeded();
    for (const action of actions) await expect(action).toBeInViewport({ ratio: 1 });
    await actions[0]!.click();
    await expect(dialog).toBeHidden();

    await section.getByRole('button', { name: t('Delete section {n}', { n: 1 }) }).click();
    const confirm = page.getByRole('alertdialog', { name: t('Delete section {n}?', { n: 1 }) });
    await expectComputedDirection(confirm, lang);
    await expectOwnDirectionsAgree(page, 'the delete confirmation');
    // Sized to its content, not a full-height sheet.
    const box = await confirm.boundingBox();
    expect(box!.height).toBeLessThan(size.height / 2);
    await shot(page, lang, 'delete-confirm');
    await confirm.getByRole('button', { name: t('Cancel'), exact: true }).click();
    await expect(confirm).toBeHidden();
  }
});
