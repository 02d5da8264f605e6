import { adminSession, expect, openSignedIn, test } from '../src/fixtures.ts';

/**
 * The admin table scrolls sideways only when its columns need it. Its empty state's sentence is held
 * as wide as the visible region (so it stays in view on a phone); sized from the viewport alone it
 * was wider than the region from 640 px up, by more the wider the screen, and the empty table
 * scrolled with a scroll cue over nothing.
 */
test('the admin table with no rows fits its region at every width', async ({ page, request, t }) => {
  await openSignedIn(page, await adminSession(request), '/admin/dashboard?status=Rejected');
  const region = page.getByRole('region', { name: t('All courses, with their contributors and status') });
  await expect(region.getByText(t('No course has this status.'))).toBeVisible();
  for (const width of [375, 800, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const sizes = await region.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      table: element.querySelector('table')!.getBoundingClientRect().width,
    }));
    // Wider than the region only on a phone, where the columns (64rem) need it.
    if (width >= 1280) expect(sizes.scroll, `at ${width} px`).toBe(sizes.client);
    const sentence = await region.getByText(t('No course has this status.')).boundingBox();
    const box = await region.boundingBox();
    expect(sentence!.x, `at ${width} px`).toBeGreaterThanOrEqual(box!.x);
    expect(sentence!.x + sentence!.width, `at ${width} px`).toBeLessThanOrEqual(box!.x + box!.width);
  }
});
