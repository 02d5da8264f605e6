import { test, expect, expectAccessible } from '../src/fixtures.ts';

// The check every journey relies on (fixtures.ts, decision 088) must itself find what it is for: a page
// with known WCAG failures fails it, naming them, and an excluded part is not checked.
const FAILING = `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
  <h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
  <div id="aside"><button id="empty"></button></div></main></body></html>`;

/** What a check's failure says, or 'passed'. */
const failureOf = (check: Promise<void>) =>
  check.then(
    () => 'passed',
    (error: Error) => error.message,
  );

test('the accessibility check fails a page with violations and names them', async ({ page }) => {
  await page.setContent(FAILING);
  const failure = await failureOf(expectAccessible(page));
  expect(failure).toContain('image-alt');
  expect(failure).toContain('button-name');
  expect(failure).toContain('#no-alt');
});

test('the accessibility check leaves excluded parts out, in a page it checked before', async ({ page }) => {
  await page.setContent(FAILING);
  await expectAccessible(page, ['#no-alt', '#aside']);
  const failure = await failureOf(expectAccessible(page, ['#aside']));
  expect(failure).toContain('image-alt');
  expect(failure).not.toContain('button-name');
});
