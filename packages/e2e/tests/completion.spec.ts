import type { Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { createAccount, expect, expectAccessible, signInBrowser, snap, test } from '../src/fixtures.ts';
import { translator } from '../src/catalogue.ts';
import {
  createApprovedCourse,
  enrol,
  ITEM_TITLES,
  itemButton,
  openInViewer,
  pageOf,
  strings,
  type TestCourse,
} from './learner-support.ts';

/**
 * Lesson completion and course progress (issue #14, decision 033) in English and Arabic: a PDF
 * completes when its last page is shown, a video with "Mark as done" or by itself at 90 % watched
 * (a local page speaking YouTube's postMessage protocol stands in for the player: no internet here),
 * and the dashboard card shows the course progress.
 */

let course: TestCourse;
test.beforeAll(async ({ request }) => {
  // A video, a two-page PDF, a protected PDF and a quiz: four items, each a quarter of the progress.
  course = await createApprovedCourse(request);
});

const markAsDoneLabel = (lang: Language) => translator(lang)('Mark as done');
const completed = (lang: Language) => translator(lang)('Completed');

/** "50% complete" / "مكتمل بنسبة ٥٠٪" as the page formats it. */
const completeText = async (page: Page, lang: Language, value: number) => {
  const percent = await page.evaluate(
    ([locale, fraction]) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction),
    [lang, value / 100] as const,
  );
  return translator(lang)('{percent} complete', { percent });
};

/**
 * Stands in for https://www.youtube-nocookie.com/embed/…?enablejsapi=1: once the page says
 * "listening", it reports playback from 0 to 20 s of a 20 s video, as infoDelivery messages sent to
 * the `origin` the page gave, like the real player.
 */
const FAKE_PLAYER = `<!doctype html><html><body style="background:#000;color:#fff">fake player<script>
  const origin = new URLSearchParams(location.search).get('origin');
  let started = false;
  addEventListener('message', (event) => {
    if (started || event.source !== parent) return;
    let message; try { message = JSON.parse(event.data); } catch { return; }
    if (message.event !== 'listening') return;
    started = true;
    let time = 0;
    const send = (info) => parent.postMessage(JSON.stringify({ event: 'infoDelivery', info, id: message.id, channel: 'widget' }), origin);
    send({ duration: 20 });
    const timer = setInterval(() => {
      send({ currentTime: time, duration: 20, playerState: 1 });
      time += 0.5;
      if (time > 20) clearInterval(timer);
    }, 20);
  });
</script></body></html>`;

async function openCourse(page: Page, lang: Language) {
  const account = await createAccount(page.request);
  await enrol(page.request, account, course.id);
  await signInBrowser(page, account);
  await openInViewer(page, lang, course);
}

test('a PDF completes at its last page, a video with "Mark as done"; the dashboard card shows the progress', async ({
  page,
  lang,
}) => {
  const S = strings(lang);
  await openCourse(page, lang);
  const progress = page.getByRole('progressbar', { name: S.yourProgress });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  // PDF: page 1 of 2 is not the end; page 2 is.
  await itemButton(page, ITEM_TITLES.pdf[lang]).click();
  const status = page.getByTestId('pdf-page-status');
  await expect(status).toHaveText(pageOf(lang, 1, 2));
  await expect(page.getByRole('button', { name: markAsDoneLabel(lang), exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('button', { name: S.nextPage }).click();
  await expect(status).toHaveText(pageOf(lang, 2, 2));
  await expect(page.getByRole('button', { name: completed(lang), exact: true })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  await expect(itemButton(page, ITEM_TITLES.pdf[lang])).toHaveAccessibleName(new RegExp(completed(lang)));

  // Video: no player can load here, so the learner marks it done — with the keyboard.
  await itemButton(page, ITEM_TITLES.video[lang]).click();
  await expect(page.getByTestId('video-frame')).toBeVisible();
  const markAsDone = page.getByRole('button', { name: markAsDoneLabel(lang), exact: true });
  await markAsDone.focus();
  await page.keyboard.press('Enter');
  const done = page.getByRole('button', { name: completed(lang), exact: true });
  await expect(done).toBeFocused();
  await expect(done).toHaveAttribute('aria-disabled', 'true');
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByTestId('lesson-tick')).toHaveCount(2);
  await expect(page.getByTestId('progress-rule')).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'viewer-completion');

  // A reload keeps it: completion is stored on the server.
  await page.reload();
  await expect(page.getByTestId('lesson-tick')).toHaveCount(2);
  await expect(progress).toHaveAttribute('aria-valuenow', '50');

  await page.goto(`/dashboard?q=${encodeURIComponent(course.title)}`);
  const card = page
    .getByTestId('course-card')
    .filter({ hasText: lang === 'ar' ? course.titleAr : course.title });
  await expect(card.getByTestId('card-progress')).toContainText(await completeText(page, lang, 50));
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expectAccessible(page);
  await snap(page, lang, 'dashboard-progress');

  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, lang, 'dashboard-progress');
  await page.goto(`/course/${course.id}?resource=${course.pdfId}`);
  await expect(page.getByTestId('pdf-page-status')).toHaveText(pageOf(lang, 1, 2));
  await expect(page.getByRole('button', { name: completed(lang), exact: true })).toBeVisible();
  await page.getByRole('heading', { name: S.courseContent }).getByRole('button').click();
  await expect(page.getByTestId('lesson-tick')).toHaveCount(2);
  await snap(page, lang, 'viewer-completion');
});

test('a video completes by itself once 90 % has played, from the player frame only', async ({
  page,
  lang,
}) => {
  const S = strings(lang);
  const fulfilled: string[] = [];
  await page.route('https://www.youtube-nocookie.com/embed/**', async (route) => {
    fulfilled.push(route.request().url());
    await route.fulfill({ contentType: 'text/html; charset=utf-8', body: FAKE_PLAYER });
  });
  await openCourse(page, lang);
  await itemButton(page, ITEM_TITLES.video[lang]).click();
  await expect(page.getByRole('button', { name: completed(lang), exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: S.yourProgress })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
  await expect(itemButton(page, ITEM_TITLES.video[lang])).toHaveAccessibleName(new RegExp(completed(lang)));
  const embed = new URL(fulfilled[0]!);
  expect(embed.searchParams.get('enablejsapi')).toBe('1');
  expect(embed.searchParams.get('origin')).toBe(new URL(page.url()).origin);
});
