import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { LEARNER_PAGE_SIZE as PAGE, type Language } from '@app/shared';
import { messagePattern, translator } from '../src/catalogue.ts';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  test,
} from '../src/fixtures.ts';
import { ONE_VIDEO_SECTION, publishCourse } from './learner-support.ts';

/**
 * The learner catalogue arrives a page at a time (issue #10): "Load more courses" appends the next
 * page from the server, and the search runs on the server over every page. In English and Arabic.
 */

/** The catalogue's wording in a language, from the web catalogues. */
function TEXT(lang: Language) {
  const t = translator(lang);
  return {
    loadMore: t('Load more courses'),
    /**
     * "Showing 12 of N courses", N left open. The sentence is plural on N, so the pattern takes each
     * form a catalogue of more than a page can reach (in Arabic 11–99, 100–102 and 103–110 differ).
     */
    showing: (shown: number) =>
      new RegExp(
        [21, 100, 103]
          .map((total) =>
            messagePattern(t, SHOWING, { loaded: shown, total }, {}).source.replace(String(total), '(\\d+)'),
          )
          .join('|'),
      ),
  };
}

const SHOWING = '{total, plural, one {Showing {loaded} of # course} other {Showing {loaded} of # courses}}';

/** The total a "Showing … of N" sentence names. */
const totalIn = (pattern: RegExp, text: string) => Number(pattern.exec(text)?.slice(1).find(Boolean));

/** An approved course of those texts and one video section (no upload: quick to make); its id. */
async function videoCourse(
  request: APIRequestContext,
  tokens: { contributor: string; admin: string },
  text: { title: string; title_tr: string; description: string; author: string },
) {
  return (await publishCourse(request, tokens, { ...text, coursesection: [ONE_VIDEO_SECTION] }))._id;
}

/** 21 approved courses more than the catalogue had, so it has a second page (of 12) whatever else exists. */
async function fillCatalogue(request: APIRequestContext, stamp: string) {
  const tokens = {
    contributor: (await createAccount(request, 'Contributor')).token,
    admin: (await adminSession(request)).token,
  };
  for (let n = 1; n <= 21; n += 1)
    await videoCourse(request, tokens, {
      title: `Paged course ${stamp} ${n}`,
      title_tr: `دورة مقسّمة ${stamp} ${n}`,
      description: 'One of many courses, to fill more than a page.',
      author: 'E2E Author',
    });
}

test('the catalogue loads more courses with a button, returns to where it was after a course, and searches across every page', async ({
  page,
  request,
  lang,
}) => {
  test.setTimeout(120_000);
  const L = TEXT(lang);
  const stamp = `${lang}${Date.now().toString(36)}`;
  await fillCatalogue(request, stamp);
  await signInBrowser(page, await createAccount(request));
  await page.goto('/dashboard');

  const cards = page.getByTestId('course-card');
  await expect(cards).toHaveCount(PAGE);
  const showing = page.getByText(L.showing(PAGE));
  await expect(showing).toBeVisible();
  const total = totalIn(L.showing(PAGE), (await showing.textContent()) ?? '');
  expect(total).toBeGreaterThan(PAGE);
  const more = page.getByRole('button', { name: L.loadMore });
  await more.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await shoot(page, lang, 'catalogue-load-more');

  await more.click();
  await expect(cards).toHaveCount(Math.min(2 * PAGE, total));
  await expect(page.getByText(L.showing(Math.min(2 * PAGE, total)))).toBeVisible();

  // A course opened from far down the list opens at its top; Back returns to the same place in the
  // list, the loaded pages still there (decision 129: it was wherever the browser clamped it).
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const card = cards.last();
  await card.scrollIntoViewIfNeeded();
  const there = await scrollY();
  expect(there).toBeGreaterThan(800);
  const title = await card.getByRole('heading', { level: 2 }).innerText();
  await card.getByRole('button').click();
  await expect(page).toHaveURL(/\/course\//);
  // The course's own heading: while it loads the viewer's heading is "Course" (decision 167).
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect(cards).toHaveCount(Math.min(2 * PAGE, total));
  await expect.poll(scrollY).toBe(there);
  // And the focus with it (decision 139): on the card, whose "Start Learning" is now the course's link.
  await expect(card.getByRole('link')).toBeFocused();

  // Search runs on the server: the oldest of our courses is found though it is on no loaded page.
  const box = page.getByRole('searchbox');
  await box.fill(`Paged course ${stamp} 1`);
  await expect(cards.first()).toBeVisible();
  // "…1" also matches "…10" to "…19": eleven courses, all shown on the first page, no further page.
  await expect(cards).toHaveCount(11);
  await expect(more).toHaveCount(0);
});

test('on a phone, words longer than a card wrap inside it, and a short card fills its column', async ({
  page,
  request,
  lang,
}) => {
  const stamp = `wrap${lang}${Date.now().toString(36)}`;
  const contributor = await createAccount(request, 'Contributor');
  const tokens = { contributor: contributor.token, admin: (await adminSession(request)).token };
  // One word of 170 letters, in both languages, and an author of 150: pasted links, runs of letters.
  const longId = await videoCourse(request, tokens, {
    title: 'Supercalifragilisticexpialidocious'.repeat(5),
    title_tr: 'البياناتالمفتوحة'.repeat(10),
    description: `${stamp} ${'x'.repeat(150)}`,
    author: 'A'.repeat(150),
  });
  await videoCourse(request, tokens, {
    title: 'Q',
    title_tr: 'ق',
    description: stamp,
    author: 'E2E',
  });
  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByTestId('course-card');
  /** How far the page is wider than the screen. */
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  /** Nothing wider than the screen, and every card as wide as the list item that holds it. */
  const expectFitted = async (name: string) => {
    await expect(cards).toHaveCount(2);
    await expect.poll(overflow).toBe(0);
    for (const card of await cards.all()) {
      const [own = 0, column = -1] = await card.evaluate((element) => [
        element.getBoundingClientRect().width,
        element.parentElement!.getBoundingClientRect().width,
      ]);
      expect(own).toBeCloseTo(column, 0);
    }
    mkdirSync('.artifacts/screenshots', { recursive: true });
    await page.screenshot({ path: `.artifacts/screenshots/${lang}-${name}-375.png` });
  };

  await signInBrowser(page, await createAccount(request));
  await page.goto(`/dashboard?q=${stamp}`);
  await expectFitted('long-words-catalogue');

  await signInBrowser(page, contributor);
  await page.goto('/contributor/dashboard');
  await expectFitted('long-words-contributor-board');

  // The public page of the course (server-rendered, its own stylesheet).
  await page.goto(`/courses/${longId}?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(overflow).toBe(0);
});

/** The viewport around the button at 1280 px and 375 px (the page itself is long). */
async function shoot(page: Page, lang: Language, name: string) {
  mkdirSync('.artifacts/screenshots', { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: TEXT(lang).loadMore }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.artifacts/screenshots/${lang}-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
