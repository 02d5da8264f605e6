import type { Language } from '@app/shared';
import type { Page } from '@playwright/test';
import { translator } from '../src/catalogue.ts';
import { adminSession, createAccount, expect, signInBrowser, signInWithForm, test } from '../src/fixtures.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * Every route names the browser tab in the reader's language ("<page> · <site>"), opened directly and
 * after client-side navigation (a page must never keep the previous page's title).
 */

/** The page names the titles carry: English source texts of the web catalogues. */
const PAGE = {
  landing: 'Open Science Community Saudi Arabia',
  login: 'Log In',
  adminLogin: 'Login As Admin',
  signup: 'Sign Up',
  forgot: 'Forgot Password',
  reset: 'Reset Password',
  verify: 'Email verification',
  notFound: 'Page not found',
  dashboard: 'Available Courses',
  contributor: 'Your Courses',
  admin: 'Admin Board',
  newCourse: 'New Course',
  notEnrolled: 'You are not enrolled in this course',
  courseNotFound: 'Course not found',
} as const;

/** The whole title: a page name (its English source text), or a course title (user text, isolated with FSI … PDI). */
const site = (lang: Language) => translator(lang)('Open Science Courses');
const titled = (lang: Language, name: string) => `${translator(lang)(name)} · ${site(lang)}`;
const courseTitled = (lang: Language, title: string) => `\u2068${title}\u2069 · ${site(lang)}`;

async function expectTitle(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page, path).toHaveTitle(title);
}

test('every public route has its own title in the reader’s language', async ({ page, lang }) => {
  const routes: [string, keyof typeof PAGE][] = [
    ['/', 'landing'],
    ['/login', 'login'],
    ['/admin/login', 'adminLogin'],
    ['/signup', 'signup'],
    ['/forgotpassword', 'forgot'],
    ['/resetpassword', 'reset'],
    ['/verifyemail/not-a-real-token', 'verify'],
    ['/nowhere', 'notFound'],
  ];
  for (const [path, name] of routes) await expectTitle(page, path, titled(lang, PAGE[name]));
});

test('the signed-in routes have their own titles, the course page its title in the reader’s language', async ({
  page,
  request,
  lang,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await signInBrowser(page, learner);
  await expectTitle(page, '/dashboard', titled(lang, PAGE.dashboard));
  await expectTitle(page, `/course/${course.id}`, titled(lang, PAGE.notEnrolled));
  await expectTitle(page, '/course/00000000-0000-4000-8000-000000000000', titled(lang, PAGE.courseNotFound));
  await enrol(request, learner, course.id);
  await expectTitle(
    page,
    `/course/${course.id}`,
    courseTitled(lang, lang === 'ar' ? course.titleAr : course.title),
  );

  const contributor = await createAccount(request, 'Contributor');
  await signInBrowser(page, contributor);
  await expectTitle(page, '/contributor/dashboard', titled(lang, PAGE.contributor));
  await expectTitle(page, '/course/add-course', titled(lang, PAGE.newCourse));

  await signInBrowser(page, await adminSession(request));
  await expectTitle(page, '/admin/dashboard', titled(lang, PAGE.admin));
});

test('the title follows client-side navigation: sign in → dashboard → course → back', async ({
  page,
  request,
  lang,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);

  await expectTitle(page, '/login', titled(lang, PAGE.login));
  await signInWithForm(page, lang, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(titled(lang, PAGE.dashboard));

  // Found through the catalogue's search (other journeys add courses to the same catalogue).
  const title = lang === 'ar' ? course.titleAr : course.title;
  await page.getByRole('searchbox').fill(title);
  await expect(page).toHaveURL(/\?q=/);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}`));
  await expect(page).toHaveTitle(courseTitled(lang, title));

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?q=/);
  await expect(page).toHaveTitle(titled(lang, PAGE.dashboard));
});
