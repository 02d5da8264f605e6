import { createAccount, expect, holdApp, signInBrowser, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol, strings } from './learner-support.ts';

/**
 * Decision 043: the app shell asks the API for the first screen's data while the app's JavaScript is
 * still on its way, and the app then uses those answers instead of asking again.
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

  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/api/v1/')) asked.push(url.pathname + url.search);
  });
  for (const [path, expected] of [
    ['/dashboard', ['/api/v1/auth/user', '/api/v1/course/approved']],
    [`/course/${course.id}`, ['/api/v1/auth/user', `/api/v1/user/course/${course.id}`]],
  ] as const) {
    await page.goto('about:blank');
    asked.length = 0;
    const release = await holdApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(() => [...asked].sort()).toEqual([...expected].sort());
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      path === '/dashboard' ? S.availableCourses : lang === 'ar' ? course.titleAr : course.title,
    );
    // The app took the early answers: each path asked once.
    for (const each of expected) expect(asked.filter((sent) => sent === each)).toHaveLength(1);
  }
});
