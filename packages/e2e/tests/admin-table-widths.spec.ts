import { adminSession, expect, openSignedIn, test } from '../src/fixtures.ts';

/**
 * The admin table scrolls sideways only when its columns need it. Its empty state's sentence is held
 * as wide as the visible region (so it stays in view on a phone); sized from the viewport alone it
 * was wider than the region from 640 px up, by more the wider the screen, and the empty table
 * scrolled with a scroll cue over nothing.
 */
test('the admin table with no rows fits its region at every width', async ({ page, request, t }) => {
  // Archived courses there may be (other specs archive theirs); none matches this term.
  const q = `no-such-course-${Date.now().toString(36)}`;
  await openSignedIn(page, await adminSession(request), `/admin/dashboard?status=Archived&q=${q}`);
  const region = page.getByRole('region', { name: t('All courses, with their contributors and status') });
  // (The term is marked in the sentence: the catalogue's tags are dropped from the text looked for.)
  const sentence = t('No course with this status matches “<0>{searched}</0>”.', { searched: q }).replace(
    /<\/?0>/g,
    '',
  );
  await expect(region.getByText(sentence)).toBeVisible();
  for (const width of [375, 800, 1280, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const sizes = await region.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      table: element.querySelector('table')!.getBoundingClientRect().width,
    }));
    // Wider than the region only on a phone, where the columns (64rem) need it.
    if (width >= 1280) expect(sizes.scroll, `at ${width} px`).toBe(sizes.client);
    const said = await region.getByText(sentence).boundingBox();
    const box = await region.boundingBox();
    expect(said!.x, `at ${width} px`).toBeGreaterThanOrEqual(box!.x);
    expect(said!.x + said!.width, `at ${width} px`).toBeLessThanOrEqual(box!.x + box!.width);
  }
});
