import type { Locator, Page } from '@playwright/test';
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

test('a keyboard focus shows one ring: the enrolled card and a quiz option draw it around themselves', async ({
  page,
  request,
}) => {
  // A seeded demo course (a single-answer quiz): approving one more course here would push the demo
  // courses, the oldest, off the public catalogue's first page, which public-courses.spec.ts reads.
  const learner = await createAccount(request);
  const title = 'Unlocking the Secrets of Open Science';
  const found = await request.get(`/api/v1/course/approved?q=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  const [demo] = ((await found.json()) as { data: { _id: string }[] }).data;
  if (!demo) throw new Error(`The demo course "${title}" is not in the catalogue`);
  const course = { id: demo._id, title };
  await enrol(request, learner, course.id);

  await openSignedIn(page, learner, `/dashboard?q=${encodeURIComponent(course.title)}`);
  const card = page
    .getByTestId('course-card')
    .filter({ has: page.locator(`a[href="/course/${course.id}"]`) });
  const link = card.locator(`a[href="/course/${course.id}"]`);
  await expect(link).toBeVisible();
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
