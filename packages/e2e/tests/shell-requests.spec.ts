import { LEARNER_PAGE_SIZE } from '@app/shared';
import { createAccount, expect, holdApp, signInBrowser, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol, strings } from './learner-support.ts';

/**
 * Decision 043: the app shell asks the API for the first screen's data while the app's JavaScript is
 * still on its way, and the app then uses those answers instead of asking again. Decision 044: it also
 * fetches the screen's modules, stylesheet and cover image meanwhile, and the screen's first render has
 * its data (no spinner before the content). Decision 045: until then the shell shows its placeholder.
 */
test('a signed-in screen asks the API before its app has arrived, and only once', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const learner = await createAccount(request);
  const course = await createApprovedCourse(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);
  // The cover each screen's answer names: read from the answer the page itself received, since other
  // specs running meanwhile add courses to the catalogue (its first card changes between two requests).
  type Cover = string | null | undefined;
  const firstCover = (answer: unknown) =>
    (answer as { data: { preview_image: Cover }[] }).data[0]?.preview_image;
  const courseCover = (answer: unknown) => (answer as { data: { preview_image: Cover } }).data.preview_image;
  // Whether the app's first screen showed a spinner (until the app is ready, `data-ready`).
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const root = document.documentElement;
      // Set once: setting the attribute again would call this observer again, without end.
      if (!('spun' in root.dataset) && document.querySelector('#root .animate-spin')) root.dataset.spun = '';
      if (root.hasAttribute('data-ready')) seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true, attributes: true });
  });

  const asked: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.endsWith('.css')) stylesheets.push(url.pathname);
    // The cover images (/api/v1/files/…) are not the screen's API requests.
    if (url.pathname.startsWith('/api/v1/') && !url.pathname.startsWith('/api/v1/files/'))
      asked.push(url.pathname + url.search);
  });
  for (const [path, expected, module, coverIn, stylesheet] of [
    [
      '/dashboard',
      ['/api/v1/auth/user', `/api/v1/course/approved?limit=${LEARNER_PAGE_SIZE}`],
      'learner-dashboard',
      firstCover,
      null,
    ],
    [
      `/course/${course.id}`,
      // Decision 049: the overall score and progress once the course has answered.
      [
        '/api/v1/auth/user',
        `/api/v1/user/course/${course.id}`,
        `/api/v1/user/overall-score/${course.id}`,
        `/api/v1/user/course/${course.id}/progress`,
      ],
      'course-viewer',
      courseCover,
      'course-viewer', // the viewer's own stylesheet, which its module would ask for once it runs
    ],
  ] as const) {
    await page.goto('about:blank');
    asked.length = 0;
    stylesheets.length = 0;
    const release = await holdApp(page);
    const screenAnswer = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname + url.search === expected[1];
    });
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(() => [...asked].sort()).toEqual([...expected].sort());
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    // Decision 045: meanwhile the page is not blank but shows the header bar with the logo.
    await expect(page.locator('[data-shell-placeholder] header svg')).toBeVisible();
    // And a screen that takes more than a second shows a bar running under the header.
    await expect(page.locator('[data-shell-placeholder] .shell-progress')).toHaveCSS('opacity', '1');
    // …in the reading direction: from the start edge towards the end (left to right in English).
    const [from, to] = await page.evaluate(() => {
      const bar = document.querySelector('[data-shell-placeholder] .shell-progress')!;
      const run = bar
        .getAnimations({ subtree: true })
        .find((a) => (a as CSSAnimation).animationName === 'shell-progress-run')!;
      run.pause();
      const offsetAt = (time: number) => {
        run.currentTime = time;
        return new DOMMatrix(getComputedStyle(bar, '::before').transform).m41;
      };
      // Just before one run's end (at its end the next run starts over), whatever the stylesheet's speed.
      const duration = Number(run.effect!.getComputedTiming().duration);
      return [offsetAt(0), offsetAt(duration - 1)];
    });
    expect(lang === 'ar' ? from > to : from < to, `the bar runs from ${from} to ${to} px`).toBe(true);
    // The screen's own module is on its way, and so is its cover once the answer named it.
    await expect(page.locator(`link[rel="modulepreload"][href*="/${module}-"]`)).toHaveCount(1);
    const cover = coverIn(await (await screenAnswer).json());
    if (path !== '/dashboard') expect(cover, 'the course has a cover').toBeTruthy();
    if (cover) await expect(page.locator(`link[rel="preload"][as="image"][href="${cover}"]`)).toHaveCount(1);
    if (stylesheet)
      await expect(page.locator(`link[rel="preload"][as="style"][href*="/${stylesheet}-"]`)).toHaveCount(1);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      path === '/dashboard' ? S.availableCourses : lang === 'ar' ? course.titleAr : course.title,
    );
    expect(await page.evaluate(() => 'spun' in document.documentElement.dataset), 'a spinner first').toBe(
      false,
    );
    await expect(page.locator('[data-shell-placeholder]')).toHaveCount(0);
    // The app took the early answers: each path asked once; and the preloaded stylesheet was used.
    for (const each of expected) expect(asked.filter((sent) => sent === each)).toHaveLength(1);
    if (stylesheet) expect(stylesheets.filter((sent) => sent.includes(`/${stylesheet}-`))).toHaveLength(1);
  }

  // A lesson named in the address opens on that lesson, not on the course's welcome with its cover:
  // the shell asks the same, and preloads no cover the screen would not show.
  await page.goto('about:blank');
  asked.length = 0;
  const release = await holdApp(page);
  const courseAnswer = page.waitForResponse((response) =>
    response.url().endsWith(`/api/v1/user/course/${course.id}`),
  );
  await page.goto(`/course/${course.id}?resource=${course.pdfId}`, { waitUntil: 'commit' });
  const cover = courseCover(await (await courseAnswer).json());
  expect(cover, 'the course has a cover').toBeTruthy();
  await expect.poll(() => asked.filter((sent) => sent.endsWith('/progress'))).toHaveLength(1);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    lang === 'ar' ? course.titleAr : course.title,
  );
  // By now the shell has long read the answer: the app took it from the shell, asking once.
  expect(asked.filter((sent) => sent.endsWith(`/user/course/${course.id}`))).toHaveLength(1);
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
});

test('after a refused course the shell asks nothing more, and enrolling there brings fresh answers', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const learner = await createAccount(request);
  const course = await createApprovedCourse(request); // not enrolled
  await signInBrowser(page, learner);
  const isFollowUp = (pathname: string) =>
    pathname.startsWith('/api/v1/user/overall-score/') || pathname.endsWith('/progress');
  const asked: string[] = [];
  const answered: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (isFollowUp(pathname)) asked.push(pathname);
  });
  page.on('response', (received) => {
    const { pathname } = new URL(received.url());
    if (isFollowUp(pathname)) answered.push(`${received.status()} ${pathname}`);
  });
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: S.notEnrolled })).toBeVisible();
  // The app has run, so the shell's callback on the refused answer has too: it started nothing.
  expect(asked).toEqual([]);
  await page.getByRole('button', { name: S.startLearning }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    lang === 'ar' ? course.titleAr : course.title,
  );
  // Asked by the app after the enrolment, and answered then.
  await expect
    .poll(() => [...answered].sort())
    .toEqual([
      `200 /api/v1/user/course/${course.id}/progress`,
      `200 /api/v1/user/overall-score/${course.id}`,
    ]);
});
