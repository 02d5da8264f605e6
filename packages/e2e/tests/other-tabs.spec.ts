import type { Page } from '@playwright/test';
import { STATUS_AR, type CourseStatus } from '@app/shared';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  openSignedIn,
  signInBrowser,
  snap,
  test,
} from '../src/fixtures.ts';
import { translator } from '../src/catalogue.ts';
import {
  createApprovedCourse,
  createVideoCourse,
  enrol,
  ITEM_TITLES,
  itemButton,
  openInViewer,
  optionLabel,
  questionOf,
  QUIZ_SIZE,
  strings,
  type TestCourse,
} from './learner-support.ts';

/**
 * Decision 215: one learner, one course open in two tabs. What is done in one tab — a lesson, a quiz —
 * shows in the other without a reload (each tab used to keep its own best score and progress). And
 * the staff's course writes: an administrator's review in one tab shows on their board in the other.
 */

let course: TestCourse;
test.beforeAll(async ({ request }) => {
  // A video, a two-page PDF, a protected PDF and a quiz: four items, each a quarter of the progress.
  course = await createApprovedCourse(request);
});

test('a lesson done and a quiz answered in one tab show in the other without a reload', async ({
  page,
  request,
  lang,
}) => {
  const S = strings(lang);
  const t = translator(lang);
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await signInBrowser(page, learner);
  await openInViewer(page, lang, course);
  const other = await page.context().newPage();
  await openInViewer(other, lang, course);

  const progress = (tab: Page) => tab.getByRole('progressbar', { name: S.yourProgress });
  const quizBar = (tab: Page) => tab.getByRole('progressbar', { name: new RegExp(ITEM_TITLES.quiz[lang]) });
  await expect(progress(other)).toHaveAttribute('aria-valuenow', '0');
  await expect(quizBar(other)).toHaveAttribute('aria-valuenow', '0');

  // First tab: the video marked done.
  await page.bringToFront();
  await itemButton(page, ITEM_TITLES.video[lang]).click();
  await page.getByRole('button', { name: t('Mark as done'), exact: true }).click();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '25');
  // The second tab, untouched, shows it: the overall bar and the lesson's tick.
  await expect(progress(other)).toHaveAttribute('aria-valuenow', '25');
  await expect(itemButton(other, ITEM_TITLES.video[lang])).toHaveAccessibleName(new RegExp(t('Completed')));

  // First tab: the quiz, 2 of 5 right.
  await page.getByTestId('quiz-item').click();
  for (let n = 1; n <= QUIZ_SIZE; n += 1) {
    await expect(page.getByRole('heading', { name: questionOf(lang, n, QUIZ_SIZE) })).toBeVisible();
    await page.getByRole('radio', { name: optionLabel(lang, n <= 2, n) }).click();
  }
  await page.getByRole('button', { name: S.submit }).click();
  await expect(quizBar(page)).toHaveAttribute('aria-valuenow', '40');
  // The second tab: the quiz's best score, and the progress with it (a quarter, plus 40 % of one).
  await expect(quizBar(other)).toHaveAttribute('aria-valuenow', '40');
  await expect(progress(other)).toHaveAttribute('aria-valuenow', '35');
  await other.bringToFront();
  await expectAccessible(other);
  await snap(other, lang, 'other-tab-updated');
});

test("a course approved in one administrator's tab shows as approved in their other tab without a reload", async ({
  page,
  request,
  lang,
  t,
}) => {
  const contributor = await createAccount(request, 'Contributor');
  const title = `Two tabs ${lang} ${Date.now()}`;
  const shown = lang === 'ar' ? `${title} (ع)` : title;
  await createVideoCourse(request, contributor.token, title); // submitted for review: Pending
  const board = `/admin/dashboard?q=${encodeURIComponent(title)}`;
  await openSignedIn(page, await adminSession(request), board);
  const other = await page.context().newPage();
  await other.goto(board);

  const status = (tab: Page, name: CourseStatus) =>
    tab
      .getByTestId('course-row')
      .filter({ hasText: shown })
      .getByText(lang === 'ar' ? STATUS_AR[name] : name, { exact: true });
  await expect(status(other, 'Pending')).toBeVisible();

  await page.bringToFront();
  await page.getByRole('button', { name: t('Actions for {title}', { title: shown }) }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: t('Approve course'), exact: true })
    .click();
  await expect(status(page, 'Approved')).toBeVisible();
  // The other tab, untouched, fetched its page again when told.
  await expect(status(other, 'Approved')).toBeVisible();
});
