import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';
import { enrol } from './learner-support.ts';

/**
 * Decision 120: a keyboard focus shows one ring. The global `:focus-visible` outline (styles.css) gives
 * every control a ring; where a component draws it elsewhere instead, the focused control itself has
 * none: the enrolled catalogue card (its whole-card link, ringed by the card) and a quiz option (its
 * radio, ringed by the row).
 */
async function tabTo(page: Page, target: Locator, where: string) {
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${where}`);
}

const outlineOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).outlineStyle);

/**
 * A new learner enrolled in a seeded demo course (a single-answer quiz), on the catalogue searched for
 * it: approving one more course here would push the demo courses, the oldest, off the public
 * catalogue's first page, which public-courses.spec.ts reads.
 */
async function enrolledDemoCard(page: Page, request: APIRequestContext) {
  const learner = await createAccount(request);
  const title = 'Unlocking the Secrets of Open Science';
  const found = await request.get(`/api/v1/course/approved?q=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  const [demo] = ((await found.json()) as { data: { _id: string }[] }).data;
  if (!demo) throw new Error(`The demo course "${title}" is not in the catalogue`);
  await enrol(request, learner, demo._id);

  await openSignedIn(page, learner, `/dashboard?q=${encodeURIComponent(title)}`);
  const card = page.getByTestId('course-card').filter({ has: page.locator(`a[href="/course/${demo._id}"]`) });
  const link = card.locator(`a[href="/course/${demo._id}"]`);
  await expect(link).toBeVisible();
  return { course: { id: demo._id, title }, card, link };
}

test('a keyboard focus shows one ring: the enrolled card and a quiz option draw it around themselves', async ({
  page,
  request,
}) => {
  const { course, card, link } = await enrolledDemoCard(page, request);
  await tabTo(page, link, 'the enrolled card');
  expect(await outlineOf(link), 'the link draws no ring of its own').toBe('none');
  // The card's ring (Tailwind's ring is a box shadow).
  expect(await card.evaluate((node) => getComputedStyle(node).boxShadow)).not.toBe('none');

  await page.goto(`/course/${course.id}`);
  await page.getByTestId('quiz-item').click();
  const option = page.locator('label:has(input[type="radio"])').first();
  await expect(option).toBeVisible();
  const radio = option.locator('input');
  await tabTo(page, radio, 'the first quiz option');
  expect(await outlineOf(radio), 'the radio draws no ring of its own').toBe('none');
  expect(await outlineOf(option), 'the row draws the ring').toBe('solid');
});

/**
 * Decision 135: forced colours (Windows high contrast) drop box shadows and backgrounds. The enrolled
 * card's ring is a shadow: there it is an outline instead (it showed no focus at all). The progress
 * fill is a background: there it is painted in the system's Highlight (every bar looked empty).
 */
test('under forced colours the enrolled card still shows its focus and its progress fill its colour', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const { card, link } = await enrolledDemoCard(page, request);
  await tabTo(page, link, 'the enrolled card');
  expect(await outlineOf(card), 'the card draws an outline where its shadow ring is dropped').toBe('solid');

  const fill = card.getByRole('progressbar').locator('span');
  const colours = await fill.evaluate((node) => {
    // What a background of each system colour computes to here (kept as given: forced-color-adjust).
    const systemColour = (name: string) => {
      const probe = document.createElement('span');
      probe.style.cssText = `background-color: ${name}; forced-color-adjust: none`;
      document.body.append(probe);
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    };
    return {
      fill: getComputedStyle(node).backgroundColor,
      highlight: systemColour('Highlight'),
      canvas: systemColour('Canvas'),
    };
  });
  expect(colours.highlight, 'Highlight and Canvas differ in this scheme').not.toBe(colours.canvas);
  expect(colours.fill).toBe(colours.highlight);
});
