import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import {
  createAccount,
  expect,
  expectAccessible,
  login,
  openSignedIn,
  signInBrowser,
  signInWithForm,
  snap,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import {
  createApprovedCourse,
  enrol,
  optionLabel,
  pageOf,
  PDF_PASSWORD,
  QUIZ_SIZE,
  questionOf,
  strings,
  type TestCourse,
} from './learner-support.ts';

/**
 * The learner's journeys (issue #4) against the real server, in English and in Arabic: catalogue and
 * search, enrolment, the viewer with video, PDFs (pdf.js loaded only when needed), quizzes with
 * progress, the certificate at 80 %, the pages for courses one may not open, and narrow screens.
 */

let course: TestCourse;
test.beforeAll(async ({ request }) => {
  course = await createApprovedCourse(request);
});

const localized = (lang: Language, en: string, ar: string) => (lang === 'ar' ? ar : en);
const courseTitle = (lang: Language) => localized(lang, course.title, course.titleAr);
/** Console reports of anything the page's content-security policy refused (workers, fetches, eval…). */
function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A new learner, enrolled in this spec's course and signed in, on its viewer with nothing chosen. */
async function newLearnerOnCourse(page: Page, request: APIRequestContext) {
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);
  await page.goto(`/course/${course.id}`);
  return learner;
}

const percentText = (page: Page, lang: Language, value: number) =>
  page.evaluate(
    ([locale, fraction]) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction),
    [lang, value / 100] as const,
  );

test('the dashboard lists approved courses and finds an Arabic title spelled differently', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  await signInBrowser(page, await createAccount(request));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: S.availableCourses })).toBeVisible();
  const cards = page.getByTestId('course-card');
  // The demo catalogue (three approved courses) plus ours.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
  // This spec's course, in the reader's language. (Not a demo course: those are the oldest, and the
  // courses other specs approve push them off the first page.)
  await expect(page.getByRole('heading', { name: courseTitle(lang) })).toBeVisible();
  await expect(cards.first().getByRole('button', { name: new RegExp(S.startLearning) })).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'dashboard');

  // Other alef forms, taa marbuta written as haa, a diacritic the title does not have.
  const box = page.getByRole('searchbox', { name: S.searchCourses });
  await box.fill(course.arabicQuery);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText(courseTitle(lang));
  await snap(page, lang, 'dashboard-search');

  // The term is in the URL, so a reload keeps the search.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: S.searchCourses })).toHaveValue(course.arabicQuery);
  await expect(cards).toHaveCount(1);

  await box.fill('no-such-course-xyz');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText(/no-such-course-xyz/).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: S.clearSearch }).click();
  await expect(box).toHaveValue('');
  // The button went with the empty result: the search box has the focus, for the next term.
  await expect(box).toBeFocused();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
});

test('enrol from the dashboard, watch the video frame, read page 2 of a PDF and open a protected PDF', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const policyViolations = watchPolicyViolations(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const pdfJsRequested = () => requested.some((url) => /pdf\.worker|pdf-viewer/.test(url));

  await signInBrowser(page, await createAccount(request));
  await page.goto(`/dashboard?q=${encodeURIComponent(course.title)}`);
  const card = page.getByTestId('course-card').filter({ hasText: courseTitle(lang) });
  await card.getByRole('button', { name: new RegExp(S.startLearning) }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(courseTitle(lang));
  await expect(page.getByRole('progressbar', { name: S.yourProgress })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('tab', { name: S.courseDescription })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('description-text')).toHaveText(
    localized(
      lang,
      'How to plan, document and share research data.',
      'كيف تخطط لبيانات البحث وتوثقها وتشاركها.',
    ),
  );

  // Video: YouTube's privacy-enhanced host, titled for screen readers (no internet here: we check the frame).
  const videoTitle = localized(lang, 'Welcome video', 'فيديو الترحيب');
  // From the course content (the welcome panel offers the same video as its first step).
  await page
    .getByRole('navigation', { name: S.courseContent })
    .getByRole('button', { name: new RegExp(videoTitle) })
    .click();
  const frame = page.getByTestId('video-frame');
  await expect(frame).toHaveAttribute('title', videoTitle);
  expect(new URL((await frame.getAttribute('src'))!).host).toBe('www.youtube-nocookie.com');
  await expect(page.getByTestId('description-text')).toHaveText(
    localized(lang, 'A short welcome to data management.', 'ترحيب قصير بإدارة البيانات.'),
  );
  await expectAccessible(page);
  await snap(page, lang, 'viewer-video');
  expect(pdfJsRequested(), 'pdf.js is not loaded before a PDF is opened').toBe(false);

  // PDF: pdf.js arrives with the first PDF; page through to page 2.
  await page
    .getByRole('button', { name: new RegExp(localized(lang, 'Two-page reading', 'قراءة من صفحتين')) })
    .click();
  const status = page.getByTestId('pdf-page-status');
  await expect(status).toHaveText(pageOf(lang, 1, 2));
  expect(pdfJsRequested()).toBe(true);
  await page.getByRole('button', { name: S.nextPage }).click();
  await expect(status).toHaveText(pageOf(lang, 2, 2));
  await expect(page.locator('.react-pdf__Page canvas')).toBeVisible();
  await expect(page.locator('.react-pdf__Page__textContent')).toContainText('Page two');
  await expect(page.getByRole('button', { name: S.nextPage })).toBeDisabled();
  await expectAccessible(page);
  await snap(page, lang, 'viewer-pdf');

  // A password-protected PDF, chosen from the course's list (the PDF just read, on its last page, is
  // done, and offers it as the next too): prompt, wrong password, then the right one.
  await page
    .getByTestId('pdf-item')
    .filter({ hasText: localized(lang, 'Protected reading', 'قراءة محمية') })
    .click();
  const password = page.getByLabel(S.passwordPrompt);
  await password.fill('not-the-password');
  await page.getByRole('button', { name: S.open, exact: true }).click();
  await expect(page.getByText(S.wrongPassword)).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(S.passwordPrompt).fill(PDF_PASSWORD);
  await page.getByRole('button', { name: S.open, exact: true }).click();
  await expect(status).toHaveText(pageOf(lang, 1, 1));
  await expect(page.locator('.react-pdf__Page__textContent')).toContainText('Protected notes');
  expect(policyViolations, 'content-security-policy violations').toEqual([]);
});

test('with nothing chosen, the viewer offers the way on: Start with the first item, then Continue with the first still to do', async ({
  page,
  request,
  lang,
}) => {
  const t = translator(lang);
  const learner = await newLearnerOnCourse(page, request);
  const nextStep = page.getByTestId('next-step');
  const video = localized(lang, 'Welcome video', 'فيديو الترحيب');
  await expect(page.getByRole('heading', { level: 2, name: t('Welcome to the course') })).toBeVisible();
  await expect(nextStep).toHaveText(t('Start: {name}', { name: video }));
  await expect(page.getByTestId('video-item').getByTestId('up-next')).toBeVisible();
  await nextStep.click();
  await expect(page.getByTestId('video-frame')).toBeVisible();
  await page.getByRole('button', { name: t('Mark as done') }).click();
  await expect(page.getByTestId('video-item').getByTestId('lesson-tick')).toBeVisible();

  // Back on the course: the reading after the video is the way on, in the list too.
  await page.goto(`/course/${course.id}`);
  const reading = localized(lang, 'Two-page reading', 'قراءة من صفحتين');
  await expect(page.getByRole('heading', { level: 2, name: t('Welcome back') })).toBeVisible();
  await expect(nextStep).toHaveText(t('Continue: {name}', { name: reading }));
  await expect(page.getByTestId('up-next')).toHaveCount(1);
  await expect(page.getByTestId('pdf-item').first().getByTestId('up-next')).toBeVisible();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'viewer-continue', { accessible: true });
  await nextStep.click();
  await expect(page.getByRole('heading', { level: 2, name: reading })).toBeFocused();
  await expect(page.getByTestId('pdf-page-status')).toHaveText(pageOf(lang, 1, 2));

  // Every lesson done and the quiz tried at 40 %: no certificate yet, so the way on is a retake.
  for (const lesson of [course.pdfId, course.protectedPdfId]) {
    const done = await request.put(`/api/v1/user/course/${course.id}/completion/${lesson}`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(done.ok(), await done.text()).toBe(true);
  }
  // Every lesson done, the quiz never tried: the quiz is the way on, marked in the list.
  await page.goto(`/course/${course.id}`);
  const quiz = localized(lang, 'Data quiz', 'اختبار البيانات');
  await expect(nextStep).toHaveText(t('Continue: {name}', { name: quiz }));
  await expect(page.getByTestId('up-next')).toHaveCount(1);
  await expect(page.getByTestId('quiz-item').getByTestId('up-next')).toBeVisible();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'viewer-next-quiz', { accessible: true });
  const answerQuiz = async (right: number, percent: number) => {
    await page.getByTestId('quiz-item').click();
    for (let n = 1; n <= QUIZ_SIZE; n += 1)
      await page.getByRole('radio', { name: optionLabel(lang, n <= right, n) }).click();
    await page.getByRole('button', { name: t('Submit') }).click();
    await expect(page.getByTestId('quiz-result-circle')).toContainText(
      await percentText(page, lang, percent),
    );
  };
  await answerQuiz(2, 40);
  await page.goto(`/course/${course.id}`);
  await expect(page.getByText(t('A higher quiz score earns the certificate.'))).toBeVisible();
  await expect(nextStep).toHaveText(
    t('Retake: {name}', { name: localized(lang, 'Data quiz', 'اختبار البيانات') }),
  );
  await expect(page.getByTestId('up-next')).toHaveCount(0);
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'viewer-retake', { accessible: true });

  // The retake passed: the way on is the certificate.
  await nextStep.click();
  await answerQuiz(QUIZ_SIZE, 100);
  await page.goto(`/course/${course.id}`);
  await expect(page.getByText(t('You have been through every item of this course.'))).toBeVisible();
  await expect(nextStep).toHaveText(t('Your certificate'));
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'viewer-certificate', { accessible: true });
  await nextStep.click();
  await expect(page.getByTestId('certificate-item')).toHaveAttribute('aria-current', 'true');
});

test('a quiz left half answered outlives another lesson, a reload and signing in again; once submitted, it starts again', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const learner = await newLearnerOnCourse(page, request);
  const question = (n: number) => page.getByRole('heading', { name: questionOf(lang, n, QUIZ_SIZE) });
  const option = (n: number) => page.getByRole('radio', { name: optionLabel(lang, true, n) });
  await page.getByTestId('quiz-item').click();
  for (const n of [1, 2]) {
    await expect(question(n)).toBeVisible();
    await option(n).click();
  }
  await expect(question(3)).toBeVisible();

  // A look at another lesson, then back: on question 3, the answers before it kept.
  await page.getByTestId('video-item').click();
  await expect(page.getByTestId('quiz')).toHaveCount(0);
  await page.getByTestId('quiz-item').click();
  await expect(question(3)).toBeVisible();
  await page.getByRole('button', { name: S.previous }).click();
  await expect(option(2)).toBeChecked();

  // A reload (the quiz is in the address): the same.
  await page.reload();
  await expect(question(2)).toBeVisible();
  await expect(option(2)).toBeChecked();
  await snapAtBothWidths(page, lang, 'quiz-resumed', { accessible: true });
  await page.getByRole('button', { name: S.next, exact: true }).click();
  for (const n of [3, 4, 5]) {
    await expect(question(n)).toBeVisible();
    await option(n).click();
  }

  // The session ended elsewhere: Submit is refused and leads to sign-in; signed in again, the
  // learner is back on the last question with every answer, and submits.
  const logout = await request.post('/api/v1/auth/logout', {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(logout.ok()).toBe(true);
  await page.getByRole('button', { name: S.submit }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  const back = new URL(page.url()).searchParams.get('next') ?? '';
  expect(back).toContain(`/course/${course.id}`);
  await openSignedIn(page, await login(request, learner.email, learner.password), back);
  await expect(question(5)).toBeVisible();
  await expect(option(5)).toBeChecked();
  await page.getByRole('button', { name: S.submit }).click();
  await expect(page.getByTestId('quiz-result-circle')).toContainText(await percentText(page, lang, 100));

  // Submitted: the next visit is a new attempt from question 1.
  await page.getByTestId('video-item').click();
  await page.getByTestId('quiz-item').click();
  await expect(question(1)).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('a quiz answered wrong, then retaken right: the bars move without a reload and the certificate appears at 80 %', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const policyViolations = watchPolicyViolations(page);
  const learner = await newLearnerOnCourse(page, request);
  const quizTitle = localized(lang, 'Data quiz', 'اختبار البيانات');
  const quizBar = page.getByRole('progressbar', { name: new RegExp(quizTitle) });
  const overallBar = page.getByRole('progressbar', { name: S.yourProgress });
  await expect(quizBar).toHaveAttribute('aria-valuenow', '0');
  await expect(overallBar).toHaveAttribute('aria-valuenow', '0');
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  const answer = async (rightAnswers: number, from = 1) => {
    for (let n = from; n <= QUIZ_SIZE; n += 1) {
      await expect(page.getByRole('heading', { name: questionOf(lang, n, QUIZ_SIZE) })).toBeVisible();
      // Choosing records the answer and moves on to the next question.
      await page.getByRole('radio', { name: optionLabel(lang, n <= rightAnswers, n) }).click();
    }
    await expect(page.getByRole('heading', { name: questionOf(lang, QUIZ_SIZE, QUIZ_SIZE) })).toBeVisible();
    await page.getByRole('button', { name: S.submit }).click();
  };

  await page.getByTestId('quiz-item').click();
  await expect(page.getByRole('heading', { name: questionOf(lang, 1, QUIZ_SIZE) })).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'quiz');

  // First attempt: 2 of 5.
  await answer(2);
  const circle = page.getByTestId('quiz-result-circle');
  await expect(circle).toContainText(await percentText(page, lang, 40));
  expect((await circle.boundingBox())?.width).toBe(200);
  await expect(quizBar).toHaveAttribute('aria-valuenow', '40');
  // The course progress counts the quiz as one of four items (decision 033): 40 % of a quarter.
  await expect(overallBar).toHaveAttribute('aria-valuenow', '10');
  await expect(page.getByTestId('certificate-item')).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, lang, 'quiz-result');

  // ReTake: answers cleared, back to question 1.
  await page.getByRole('button', { name: S.retake }).click();
  await expect(page.getByRole('heading', { name: questionOf(lang, 1, QUIZ_SIZE) })).toBeFocused();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  // Keyboard: arrow keys move the choice without leaving the question; Enter moves on.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: optionLabel(lang, true, 1) })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: optionLabel(lang, false, 1) })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('radio', { name: optionLabel(lang, true, 1) })).toBeChecked();
  await expect(page.getByRole('heading', { name: questionOf(lang, 1, QUIZ_SIZE) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: questionOf(lang, 2, QUIZ_SIZE) })).toBeFocused();
  // Space on an option chooses it and moves on.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: questionOf(lang, 3, QUIZ_SIZE) })).toBeVisible();
  await page.getByRole('button', { name: S.previous }).click();
  await expect(page.getByRole('radio', { name: optionLabel(lang, true, 2) })).toBeChecked();
  await page.getByRole('button', { name: S.next, exact: true }).click();
  await answer(4, 3);
  await expect(circle).toContainText(await percentText(page, lang, 80));
  await expect(quizBar).toHaveAttribute('aria-valuenow', '80');
  await expect(overallBar).toHaveAttribute('aria-valuenow', '20');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // 80 %: the certificate joins the course content; the server's PDF renders and downloads.
  const certificateItem = page.getByTestId('certificate-item');
  await expect(certificateItem).toBeVisible();
  await certificateItem.click();
  await expect(page.getByRole('heading', { level: 2, name: S.yourCertificate })).toBeVisible();
  await expect(page.getByTestId('pdf-page-status')).toHaveText(pageOf(lang, 1, 1));
  await expect(page.locator('.react-pdf__Page canvas')).toBeVisible();
  await expect(page.locator('.react-pdf__Page__textContent')).toContainText(learner.firstname);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: S.downloadCertificate }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expectAccessible(page);
  await snap(page, lang, 'certificate');
  expect(policyViolations, 'content-security-policy violations').toEqual([]);
});

test('a course the learner has not joined, and one that does not exist, get clear pages', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  await signInBrowser(page, await createAccount(request));
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: S.notEnrolled })).toBeVisible();
  // Which course (decision 195): a shared link's reader learns what "Start Learning" joins.
  await expect(page.getByRole('main').getByText(courseTitle(lang), { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: S.startLearning }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(courseTitle(lang));

  await page.goto('/course/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: S.notFound })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: S.backToDashboard }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the profile menu shows who is signed in, closes on Escape and outside clicks, and logs out', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const learner = await createAccount(request, 'EndUser', { firstname: 'Layla', lastname: 'Haddad' });
  await signInBrowser(page, learner);
  await page.goto('/dashboard');
  const profile = page.getByTestId('profile-button');
  const menu = page.getByRole('menu');

  // Named with what it shows first, the initials (WCAG 2.5.3), then whose profile it is.
  await expect(profile).toHaveAccessibleName(/^LH\b.*Layla Haddad/);
  await profile.click();
  await expect(menu).toContainText('Layla Haddad');
  await expect(menu).toContainText(learner.email);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(profile).toBeFocused();

  await profile.click();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu).toBeHidden();

  await profile.click();
  await page.getByRole('menuitem', { name: S.logOut }).click();
  await expect(page).toHaveURL(/\/login/);
  const stillValid = await request.get('/api/v1/auth/user', {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  expect(stillValid.status()).toBe(401);
});

test('logging out in another tab says so here and comes back to this page after signing in', async ({
  page,
  request,
  lang,
}) => {
  const t = translator(lang);
  const learner = await createAccount(request);
  await signInBrowser(page, learner);
  await page.goto('/dashboard?q=open');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await other.getByTestId('profile-button').click();
  await other.getByRole('menuitem', { name: strings(lang).logOut }).click();
  await expect(other).toHaveURL(/\/login/);
  await other.close();

  // It went to a bare /login without a word, and signing in led to the dashboard's start.
  await expect(
    page.getByRole('status').filter({ hasText: t('You signed out in another tab.') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%3Fq%3Dopen$/);
  await signInWithForm(page, lang, learner.email, learner.password);
  await expect(page).toHaveURL(/\/dashboard\?q=open$/);
});

test('at 375 px: the header search and profile, the viewer menu, and the content list that folds after a pick', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  await page.setViewportSize({ width: 375, height: 800 });
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);

  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: S.searchCourses })).toBeVisible();
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'dashboard');
  await page.getByTestId('profile-button').click();
  await expect(page.getByRole('menu')).toContainText(learner.email);
  await snap(page, lang, 'profile-menu');
  await page.keyboard.press('Escape');

  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(courseTitle(lang));
  // Below 1024 px the header's panel hides behind the dots button.
  const menuButton = page.getByRole('button', { name: S.courseMenu });
  const overallBar = page.getByRole('progressbar', { name: S.yourProgress });
  await expect(overallBar).toBeHidden();
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(overallBar).toBeVisible();
  await expect(
    page.getByTestId('viewer-header-panel').getByRole('button', { name: S.courseContentButton }),
  ).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'viewer-menu');
  await menuButton.click();
  await expect(overallBar).toBeHidden();

  // Nothing chosen yet: the list is open; picking an item folds it and shows the item.
  const listToggle = page.getByRole('heading', { name: S.courseContent }).getByRole('button');
  await expect(listToggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('video-item').click();
  await expect(listToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('video-item')).toBeHidden();
  await expect(page.getByTestId('video-frame')).toBeVisible();
  await snap(page, lang, 'viewer-video');
  await listToggle.click();
  await expect(page.getByTestId('quiz-item')).toBeVisible();

  // The quiz result circle is 150 px wide below 1024 px.
  await page.getByTestId('quiz-item').click();
  for (let n = 1; n <= QUIZ_SIZE; n += 1)
    await page.getByRole('radio', { name: optionLabel(lang, true, n) }).click();
  await page.getByRole('button', { name: S.submit }).click();
  const circle = page.getByTestId('quiz-result-circle');
  await expect(circle).toBeVisible();
  expect((await circle.boundingBox())?.width).toBe(150);
  await expectAccessible(page);
  await snap(page, lang, 'quiz-result');
});
