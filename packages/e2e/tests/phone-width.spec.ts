import type { Locator, Page } from '@playwright/test';
import { adminSession, createAccount, expect, openSignedIn, signInBrowser, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol, publishCourse } from './learner-support.ts';

/** The most common phone width, and the narrowest (also a 1280 px window zoomed to 400 %: WCAG reflow). */
const WIDTHS = [375, 320];

/**
 * No screen scrolls sideways on a phone: what is wider than the screen (the administrators' table)
 * scrolls inside its own region. A page that scrolls sideways slides everything under the reader's
 * thumb, and in Arabic it opens on the wrong edge. And no field is written smaller than 16 px.
 */
async function expectFitsTheScreen(page: Page, where: string, ready: Locator) {
  await expect(ready).toBeVisible();
  // The page laid out again at each width, rather than loaded again: the same check, half the visits.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(
      scrollWidth,
      `${where} is ${scrollWidth} px wide on a ${clientWidth} px screen`,
    ).toBeLessThanOrEqual(clientWidth);
  }
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

test('no screen is wider than a 375 or a 320 px phone, for a visitor, a learner, a contributor and the admin', async ({
  page,
  request,
  t,
}) => {
  test.setTimeout(120_000);
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  const contributor = await createAccount(request, 'Contributor');
  await enrol(request, learner, course.id);
  await page.setViewportSize({ width: WIDTHS[0]!, height: 812 });

  await page.goto('/');
  await expectFitsTheScreen(page, 'the landing page', page.getByRole('heading', { level: 1 }));
  await page.goto('/login');
  await expectFitsTheScreen(page, '/login', page.locator('form').first());

  await openSignedIn(page, learner, '/dashboard');
  await expectFitsTheScreen(page, '/dashboard', page.getByTestId('course-card').first());
  // At 320 px (the width the check above ends on) the logo and the menus share the header's first row,
  // the search box under them: two rows, not three (decision 172).
  const middle = async (control: Locator) => {
    const box = await control.boundingBox();
    return box ? Math.round(box.y + box.height / 2) : NaN;
  };
  const header = page.getByRole('banner');
  expect(await middle(header.getByTestId('language-toggle'))).toBe(
    await middle(header.getByRole('link').first()),
  );
  await page.goto(`/course/${course.id}`);
  await expectFitsTheScreen(page, 'the course viewer', page.getByTestId('viewer-menu-button'));

  await openSignedIn(page, contributor, '/contributor/dashboard');
  await expectFitsTheScreen(page, '/contributor/dashboard', page.getByRole('heading', { level: 1 }));
  await page.goto('/course/add-course');
  await expectFitsTheScreen(page, 'the course form', page.getByTestId('license-field'));
  // The reordering buttons take a finger: 40 × 40 px at least (they were 36, a reviewer on a phone).
  await page.getByRole('button', { name: t('Add Section') }).click();
  const moves = await page.locator('[data-move]').all();
  expect(moves.length).toBeGreaterThan(0);
  for (const move of moves) {
    const box = (await move.boundingBox())!;
    expect(Math.min(box.width, box.height), 'a move button').toBeGreaterThanOrEqual(40);
  }

  // The table is 64rem wide: it scrolls in its own region, and nothing in it (the visually hidden
  // "opens in a new tab" of a licence link, the caption) may reach outside that region.
  await openSignedIn(page, await adminSession(request), '/admin/dashboard');
  await expectFitsTheScreen(page, '/admin/dashboard', page.getByTestId('course-row').first());
});

/**
 * From the bottom of a phone-sized screen, Shift+Tab back up to its sticky header: every control
 * focused on the way is in the window, below the header, never hidden under it (WCAG 2.2 "Focus not
 * obscured"; `scroll-padding-block` in styles.css), and inside a region that scrolls sideways, wholly
 * inside it (the admin table's `onFocus`). A phone-sized window makes every screen scroll. An element
 * taller than the room below the header (a tab panel) shows its start below the header.
 */
async function expectFocusNeverUnderTheHeader(page: Page, where: string) {
  await page
    .locator('a[href], button, input, select, [tabindex="0"]')
    .filter({ visible: true })
    .last()
    .focus();
  for (let step = 1; step <= 40; step += 1) {
    await page.keyboard.press('Shift+Tab');
    const focus = await page.evaluate(async () => {
      // As the reader sees it: after the frame in which the page may still scroll the focus into view.
      await new Promise(requestAnimationFrame);
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
        // Where the browser puts what it scrolls into view: the room between the scroll paddings.
        room:
          window.innerHeight -
          parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) -
          parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom),
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
    // What is taller than that room (the table's region, a long tab panel) can only show its start.
    if (focus.bottom - focus.top <= focus.room)
      expect(focus.bottom, `${where}, step ${step}: "${focus.name}" below the window`).toBeLessThanOrEqual(
        focus.windowHeight,
      );
  }
  throw new Error(`${where}: Shift+Tab never reached the header`);
}

/** A course description longer than the room below the viewer's header with its ⋮ panel open. */
const LONG_TEXT = Array.from({ length: 12 }, (_, n) => `Paragraph ${n + 1}: plan, document and share.`).join(
  '\n',
);
const LONG_TEXT_AR = Array.from({ length: 12 }, (_, n) => `الفقرة ${n + 1}: خطّط ووثّق وشارك.`).join('\n');

for (const width of WIDTHS)
  test(`Shift+Tab on a ${width} px phone never leaves focus under the sticky header: the landing page, the viewer and the admin board`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const contributor = await createAccount(request, 'Contributor');
    const admin = await adminSession(request);
    // The description tab panel (focusable, tabindex 0) is taller than the room below the header:
    // Chromium does not scroll it when Shift+Tab reaches it from below (components/sticky-header.tsx).
    const course = await publishCourse(
      request,
      { contributor: contributor.token, admin: admin.token },
      {
        title: `A long description ${Date.now()}`,
        title_tr: `وصف طويل ${Date.now()}`,
        description: LONG_TEXT,
        description_tr: LONG_TEXT_AR,
        author: 'E2E Author',
        coursesection: [
          {
            title: 'Getting started',
            title_tr: 'البداية',
            description: 'Watch.',
            description_tr: 'شاهد.',
            resources: [
              {
                type: 'video',
                title: 'Welcome video',
                title_tr: 'فيديو الترحيب',
                description: LONG_TEXT,
                description_tr: LONG_TEXT_AR,
                link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
              },
            ],
          },
        ],
      },
    );
    const learner = await createAccount(request);
    await enrol(request, learner, course._id);
    // Just taller than a short window (30rem, where the header scrolls away: decision 166), as a
    // 568 px phone is with its browser's bars: the least room below the header.
    await page.setViewportSize({ width, height: 500 });

    // The landing page's header is sticky too; its About tab panel is taller than the room below it
    // at 320 px in English.
    await page.goto('/');
    await expectFocusNeverUnderTheHeader(page, 'the landing page');

    await openSignedIn(page, learner, `/course/${course._id}`);
    // The ⋮ panel open: the header at its tallest.
    await page.getByTestId('viewer-menu-button').click();
    await expect(page.getByTestId('description-text')).toBeVisible();
    await expectFocusNeverUnderTheHeader(page, 'the course viewer');
    // A key pressed within the frame that opened the ⋮ panel finds the scroll padding still at the
    // closed header's height: StickyHeader's ResizeObserver reports after that frame's layout (seen
    // once in CI: the description panel placed at the old padding, under the grown header). Held
    // there, as that frame sees it; focus must still stop below the header as it is.
    const menu = page.getByTestId('viewer-menu-button');
    const header = page.getByRole('banner');
    await menu.click();
    await expect(page.getByTestId('viewer-header-panel')).toBeHidden();
    const closedHeight = await header.evaluate((element) => element.getBoundingClientRect().height);
    await menu.click();
    await expect(page.getByTestId('viewer-header-panel')).toBeVisible();
    await expect
      .poll(() => header.evaluate((element) => element.getBoundingClientRect().height))
      .toBeGreaterThan(closedHeight);
    await page.evaluate(
      (height) => document.documentElement.style.setProperty('--sticky-header-height', `${height}px`),
      closedHeight,
    );
    await expectFocusNeverUnderTheHeader(
      page,
      'the course viewer, the scroll padding a frame behind the header',
    );

    // Two header rows (the search box has its own).
    await openSignedIn(page, admin, '/admin/dashboard');
    await expect(page.getByTestId('course-row').first()).toBeVisible();
    await expectFocusNeverUnderTheHeader(page, '/admin/dashboard');
  });

/**
 * The viewer's header is as tall while the course loads as once its title is in (decision 170): on a
 * phone a title of more than ~25 characters takes two lines, and the header grew by a line as it
 * came, pushing the whole page down. The course's answer is held to see the loading state.
 */
test('the course viewer keeps its header height on a phone when the course arrives', async ({
  page,
  request,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);
  const header = page.getByRole('banner');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 812 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/v1/user/course/${course.id}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/course/${course.id}`);
    await expect(header.getByRole('heading', { level: 1 })).toBeVisible();
    const loading = (await header.boundingBox())?.height;
    release();
    // The course's own heading (the loading one has no `title`), in two lines at these widths.
    await expect(header.locator('h1[title]')).toBeVisible();
    expect((await header.boundingBox())?.height, `at ${width} px`).toBe(loading);
    await page.unrouteAll();
  }
});
