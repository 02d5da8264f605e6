import type { Locator, Page } from '@playwright/test';
import { adminSession, createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * No screen scrolls sideways on a phone: what is wider than the screen (the administrators' table)
 * scrolls inside its own region. A page that scrolls sideways slides everything under the reader's
 * thumb, and in Arabic it opens on the wrong edge. And no field is written smaller than 16 px.
 */
async function expectFitsTheScreen(page: Page, where: string, ready: Locator) {
  await expect(ready).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(
    clientWidth,
  );
  // Nor does a field zoom the page as it takes the focus: iOS Safari zooms into text under 16 px,
  // and the page then has to be zoomed out by hand.
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea'))
      .filter((field) => !['checkbox', 'radio', 'file', 'hidden'].includes((field as HTMLInputElement).type))
      .filter((field) => field.getClientRects().length > 0)
      .filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16)
      .map(
        (field) => `${field.getAttribute('aria-label') ?? field.id} (${getComputedStyle(field).fontSize})`,
      ),
  );
  expect(small, `${where}: fields under 16 px`).toEqual([]);
}

test('no screen is wider than a 375 px phone, for a visitor, a learner, a contributor and the admin', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  const contributor = await createAccount(request, 'Contributor');
  await enrol(request, learner, course.id);
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/');
  await expectFitsTheScreen(page, 'the landing page', page.getByRole('heading', { level: 1 }));
  await page.goto('/login');
  await expectFitsTheScreen(page, '/login', page.locator('form').first());

  await openSignedIn(page, learner, '/dashboard');
  await expectFitsTheScreen(page, '/dashboard', page.getByTestId('course-card').first());
  await page.goto(`/course/${course.id}`);
  await expectFitsTheScreen(page, 'the course viewer', page.getByTestId('viewer-menu-button'));

  await openSignedIn(page, contributor, '/contributor/dashboard');
  await expectFitsTheScreen(page, '/contributor/dashboard', page.getByRole('heading', { level: 1 }));
  await page.goto('/course/add-course');
  await expectFitsTheScreen(page, 'the course form', page.getByTestId('license-field'));

  // The table is 64rem wide: it scrolls in its own region, and nothing in it (the visually hidden
  // "opens in a new tab" of a licence link, the caption) may reach outside that region.
  await openSignedIn(page, await adminSession(request), '/admin/dashboard');
  await expectFitsTheScreen(page, '/admin/dashboard', page.getByTestId('course-row').first());
});

/**
 * From the bottom of a phone-sized screen, Shift+Tab back up to its sticky header: every control
 * focused on the way is in the window, below the header, never hidden under it (WCAG 2.2 "Focus not
 * obscured"; `scroll-padding-block` in styles.css), and inside a region that scrolls sideways, wholly
 * inside it (the admin table's `onFocus`). A short window makes every screen scroll.
 */
async function expectFocusNeverUnderTheHeader(page: Page, where: string) {
  await page
    .locator('a[href], button, input, select, [tabindex="0"]')
    .filter({ visible: true })
    .last()
    .focus();
  for (let step = 1; step <= 40; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      const header = document.querySelector('header');
      if (!element || !header || header.contains(element)) return null;
      const box = element.getBoundingClientRect();
      // A control inside a region that scrolls sideways (the admin table), and that region's box.
      const region = element.parentElement?.closest('[role="region"]')?.getBoundingClientRect();
      return {
        name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40),
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        left: Math.round(box.left),
        right: Math.round(box.right),
        region: region && { left: Math.round(region.left), right: Math.round(region.right) },
        headerBottom: Math.round(header.getBoundingClientRect().bottom),
        windowHeight: window.innerHeight,
      };
    });
    if (focus === null) return;
    expect(focus.top, `${where}, step ${step}: "${focus.name}" under the header`).toBeGreaterThanOrEqual(
      focus.headerBottom,
    );
    // Nor partly outside the region it scrolls in (Chromium scrolls only what is wholly out of view).
    if (focus.region) {
      expect(
        focus.left,
        `${where}, step ${step}: "${focus.name}" past the region's left`,
      ).toBeGreaterThanOrEqual(focus.region.left);
      expect(
        focus.right,
        `${where}, step ${step}: "${focus.name}" past the region's right`,
      ).toBeLessThanOrEqual(focus.region.right);
    }
    // A region taller than the space below the header (the table's) can only show its start.
    if (focus.bottom - focus.top <= focus.windowHeight - focus.headerBottom)
      expect(focus.bottom, `${where}, step ${step}: "${focus.name}" below the window`).toBeLessThanOrEqual(
        focus.windowHeight,
      );
  }
  throw new Error(`${where}: Shift+Tab never reached the header`);
}

test('Shift+Tab on a phone never leaves focus under the sticky header: the viewer and the admin board', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await page.setViewportSize({ width: 375, height: 480 });

  await openSignedIn(page, learner, `/course/${course.id}`);
  await expect(page.getByTestId('viewer-menu-button')).toBeVisible();
  await expectFocusNeverUnderTheHeader(page, 'the course viewer');

  // Two header rows at this width (the search box has its own).
  await openSignedIn(page, await adminSession(request), '/admin/dashboard');
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  await expectFocusNeverUnderTheHeader(page, '/admin/dashboard');
});
