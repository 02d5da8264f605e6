import type { Language } from '@app/shared';
import type { Page } from '@playwright/test';
import { createAccount, expect, login, signInBrowser, test } from '../src/fixtures.ts';
import { ADMIN } from '../src/ports.ts';
import { createApprovedCourse, enrol } from './learner-support.ts';

/**
 * Every route names the browser tab in the reader's language ("<page> · <site>"), opened directly and
 * after client-side navigation (a page must never keep the previous page's title).
 */

const SITE = { en: 'Open Science Courses', ar: 'دورات العلوم المفتوحة' } as const;

const PAGE = {
  landing: {
    en: 'Open Science Community Saudi Arabia',
    ar: 'مجتمع العلوم المفتوحة في المملكة العربية السعودية',
  },
  login: { en: 'Log In', ar: 'تسجيل الدخول' },
  adminLogin: { en: 'Login As Admin', ar: 'تسجيل الدخول كمسؤول' },
  signup: { en: 'Sign Up', ar: 'إنشاء حساب' },
  forgot: { en: 'Forgot Password', ar: 'نسيت كلمة المرور' },
  reset: { en: 'Reset Password', ar: 'إعادة تعيين كلمة المرور' },
  verify: { en: 'Email verification', ar: 'تأكيد البريد الإلكتروني' },
  notFound: { en: 'Page not found', ar: 'الصفحة غير موجودة' },
  dashboard: { en: 'Available Courses', ar: 'الدورات المتاحة' },
  contributor: { en: 'Your Courses', ar: 'دوراتك' },
  admin: { en: 'Admin Board', ar: 'لوحة المشرف' },
  newCourse: { en: 'New Course', ar: 'دورة جديدة' },
  notEnrolled: { en: 'You are not enrolled in this course', ar: 'أنت غير مسجَّل في هذه الدورة' },
  courseNotFound: { en: 'Course not found', ar: 'لم يُعثر على الدورة' },
} as const satisfies Record<string, Record<Language, string>>;

const LABELS = {
  email: { en: 'Email', ar: 'البريد الإلكتروني' },
  password: { en: 'Password', ar: 'كلمة المرور' },
  logIn: { en: 'Log In', ar: 'تسجيل الدخول' },
} as const;

/** The whole title: a page name, or a course title (user text, isolated with FSI … PDI). */
const titled = (lang: Language, name: string) => `${name} · ${SITE[lang]}`;
const courseTitled = (lang: Language, title: string) => titled(lang, `\u2068${title}\u2069`);

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
  for (const [path, name] of routes) await expectTitle(page, path, titled(lang, PAGE[name][lang]));
});

test('the signed-in routes have their own titles, the course page its title in the reader’s language', async ({
  page,
  request,
  lang,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await signInBrowser(page, learner);
  await expectTitle(page, '/dashboard', titled(lang, PAGE.dashboard[lang]));
  await expectTitle(page, `/course/${course.id}`, titled(lang, PAGE.notEnrolled[lang]));
  await expectTitle(
    page,
    '/course/00000000-0000-4000-8000-000000000000',
    titled(lang, PAGE.courseNotFound[lang]),
  );
  await enrol(request, learner, course.id);
  await expectTitle(
    page,
    `/course/${course.id}`,
    courseTitled(lang, lang === 'ar' ? course.titleAr : course.title),
  );

  const contributor = await createAccount(request, 'Contributor');
  await signInBrowser(page, contributor);
  await expectTitle(page, '/contributor/dashboard', titled(lang, PAGE.contributor[lang]));
  await expectTitle(page, '/course/add-course', titled(lang, PAGE.newCourse[lang]));

  await signInBrowser(page, await login(request, ADMIN.email, ADMIN.password, true));
  await expectTitle(page, '/admin/dashboard', titled(lang, PAGE.admin[lang]));
});

test('the title follows client-side navigation: sign in → dashboard → course → back', async ({
  page,
  request,
  lang,
}) => {
  const course = await createApprovedCourse(request);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);

  await expectTitle(page, '/login', titled(lang, PAGE.login[lang]));
  const main = page.getByRole('main');
  await main.getByLabel(LABELS.email[lang], { exact: true }).fill(learner.email);
  await main.getByLabel(LABELS.password[lang], { exact: true }).fill(learner.password);
  await main.getByRole('button', { name: LABELS.logIn[lang], exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(titled(lang, PAGE.dashboard[lang]));

  // Found through the catalogue's search (other journeys add courses to the same catalogue).
  const title = lang === 'ar' ? course.titleAr : course.title;
  await page.getByRole('searchbox').fill(title);
  await expect(page).toHaveURL(/\?q=/);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}`));
  await expect(page).toHaveTitle(courseTitled(lang, title));

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?q=/);
  await expect(page).toHaveTitle(titled(lang, PAGE.dashboard[lang]));
});
