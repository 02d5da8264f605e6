import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * "My courses" (decision 196): the courses a learner joined, found again from the dashboard, also one
 * an administrator has taken out of the catalogue since, which its learners may still study.
 */
test('a learner finds a joined course under "My courses" after it leaves the catalogue', async ({
  page,
  request,
  lang,
  t,
}) => {
  const course = await createApprovedCourse(request);
  const title = lang === 'ar' ? course.titleAr : course.title;
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  const admin = await adminSession(request);
  const hidden = await request.get(`/api/v1/course/toggle-available/${course.id}?to=off`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);

  await signInBrowser(page, learner);
  // The catalogue no longer has it: a search for its unique title finds nothing.
  await page.goto(`/dashboard?q=${encodeURIComponent(course.title)}`);
  await expect(page.getByTestId('no-search-results')).toBeVisible();

  await page.goto('/dashboard');
  const lists = page.getByRole('navigation', { name: t('Course lists') });
  await expect(lists.getByRole('link', { name: t('All courses') })).toHaveAttribute('aria-current', 'page');
  await lists.getByRole('link', { name: t('My courses') }).click();
  await expect(page).toHaveURL(/\/dashboard\?courses=mine$/);
  await expect(page.getByRole('heading', { level: 1, name: t('My courses') })).toBeVisible();
  await expect(lists.getByRole('link', { name: t('My courses') })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('link', { name: title, exact: true });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'my-courses', { accessible: true });

  // A reload keeps the list, and asks for it first (the app shell's early request), not for the
  // catalogue it does not show; the card opens the course, which is still theirs to study.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/course/approved') || pathname.startsWith('/api/v1/user/courses'))
      asked.push(pathname);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('My courses') })).toBeVisible();
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  expect(asked).toEqual(['/api/v1/user/courses']);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('"My courses" says when nothing is joined yet, and leads to the catalogue', async ({
  page,
  request,
  t,
}) => {
  await signInBrowser(page, await createAccount(request));
  await page.goto('/dashboard?courses=mine');
  await expect(page.getByText(t('You are not enrolled in any course yet'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: t('Browse all courses') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: t('Available Courses') })).toBeVisible();
});
