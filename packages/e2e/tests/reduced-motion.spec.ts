import { expect, test } from '../src/fixtures.ts';

/**
 * With reduced motion asked for, what turns stands still: the global rule (styles.css) plays every
 * animation once, at once. It used to shorten each turn to 0.01 ms and repeat it for ever, so a spinner
 * showed a new angle every frame, a flicker.
 */
test('a spinner stands still when reduced motion is asked for', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The verification page's spinner, held while the answer is held back.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/auth/verifyemail/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/verifyemail/not-a-real-token');
  const spinner = page.locator('.animate-spin');
  await expect(spinner).toBeVisible();
  const angles = await spinner.evaluate(async (element) => {
    const seen: string[] = [];
    for (let frame = 0; frame < 5; frame += 1) {
      await new Promise(requestAnimationFrame);
      seen.push(getComputedStyle(element).transform);
    }
    return { seen, running: element.getAnimations().filter((a) => a.playState === 'running').length };
  });
  expect(angles.running).toBe(0);
  expect(new Set(angles.seen).size).toBe(1);
  release();
});
