import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { translator } from '../src/catalogue.ts';
import {
  createAccount,
  expect,
  expectAccessible,
  openSignedIn,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import { createCourse, multiPagePdf, uploadPdf } from './learner-support.ts';

// Decision 199: leaving an edited course form asks. The edit form over the board closes at once while
// nothing was changed; with unsaved changes its close button, its back arrow, Escape and the browser's
// Back ask first ("Leave without saving?"), and the browser's Back closes only the top-most dialog
// (a question, the PDF viewer, the confirmation) and leaves the form and its address as they were.

function TEXT(lang: 'en' | 'ar') {
  const t = translator(lang);
  return {
    editCourse: t('Edit Course'),
    viewDetails: t('View details'),
    courseTitle: t('Course title'),
    viewPdf: t('View Pdf'),
    addQuestion: t('Add Question'),
    question: t('Question'),
    questionN: (n: number) => t('Question {n}', { n }),
    correctAnswer: t('Correct answer'),
    close: t('Close'),
    back: t('Back'),
    keepEditing: t('Keep editing'),
    leave: t('Leave without saving?'),
    discardChanges: t('Discard changes'),
    offer: t('Unsaved changes'),
  };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** A draft (never in the catalogue) of a PDF and a quiz of one question, and its contributor. */
async function draftWithPdfAndQuiz(request: APIRequestContext, title: string) {
  const contributor = await createAccount(request, 'Contributor');
  const file = await uploadPdf(request, contributor.token, 'notes.pdf', multiPagePdf(['Notes']));
  const course = await createCourse(request, contributor.token, {
    title,
    description: 'A course made by the end-to-end test of closing the edit form.',
    author: 'E2E Author',
    status: 'Draft',
    coursesection: [
      {
        title: 'Only section',
        description: 'Section description',
        resources: [
          { type: 'pdf', title: 'Notes', description: 'The notes.', file },
          {
            type: 'quiz',
            title: 'Check',
            description: 'One question.',
            quiz: [
              {
                question: 'Which one is right?',
                options: [{ name: 'The right one' }, { name: 'The wrong one' }],
                correctanswer: 'The right one',
              },
            ],
          },
        ],
      },
    ],
  });
  return { contributor, courseId: course._id };
}

/** Opens the board from another page (a Back too many would show it), then the course's form. */
async function openForm(
  page: Page,
  lang: 'en' | 'ar',
  account: Parameters<typeof openSignedIn>[1],
  title: string,
) {
  const L = TEXT(lang);
  await openSignedIn(page, account, '/');
  await page.goto('/contributor/dashboard');
  const card = page.getByTestId('course-card').filter({ hasText: title });
  await card.getByRole('button', { name: L.viewDetails }).click();
  const form = page.getByRole('dialog', { name: L.editCourse });
  await expect(field(form, L.courseTitle)).toHaveValue(title);
  return { form, card };
}

test('the browser’s Back closes only the dialog on top of the edit form, and then the form itself', async ({
  page,
  request,
  lang,
}) => {
  const L = TEXT(lang);
  const title = `Back in a nested dialog ${lang} ${Date.now().toString(36)}`;
  const { contributor, courseId } = await draftWithPdfAndQuiz(request, title);
  const { form, card } = await openForm(page, lang, contributor, title);
  const editAddress = new RegExp(`/contributor/dashboard\\?edit=${courseId}$`);
  await expect(page).toHaveURL(editAddress);

  // The PDF viewer over the form.
  await form.getByRole('button', { name: L.viewPdf }).click();
  const viewer = page.getByRole('dialog', { name: L.viewPdf });
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(editAddress);
  await expect(form.getByRole('button', { name: L.viewPdf })).toBeFocused();

  // A saved question over the form.
  await form.getByRole('button', { name: L.questionN(1), exact: true }).click();
  const question = page.getByRole('dialog', { name: L.questionN(1) });
  await expect(question).toBeVisible();
  await page.goBack();
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await expect(page).toHaveURL(editAddress);

  // A new question being written: Back is its Escape (it is not added, decision 096).
  await form.getByRole('button', { name: L.addQuestion }).click();
  const adding = page.getByRole('dialog', { name: L.addQuestion });
  await field(adding, L.question).fill('Never added');
  await page.goBack();
  await expect(adding).toBeHidden();
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: L.questionN(2), exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(editAddress);

  // Nothing over it and nothing changed: Back closes the form at once, on the board.
  await page.goBack();
  await expect(form).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contributor\/dashboard$/);
  await expect(card).toBeVisible();
});

test('closing the edit form with unsaved changes asks; Cancel and Back keep it, Discard closes it and forgets them', async ({
  page,
  request,
  lang,
}) => {
  const L = TEXT(lang);
  const title = `Leave without saving ${lang} ${Date.now().toString(36)}`;
  const { contributor, courseId } = await draftWithPdfAndQuiz(request, title);
  const key = `course-draft:${courseId}`;
  const kept = () => page.evaluate((name) => localStorage.getItem(name), key);
  const { form, card } = await openForm(page, lang, contributor, title);
  const editAddress = new RegExp(`/contributor/dashboard\\?edit=${courseId}$`);
  const typed = `${title} (typed here)`;
  await field(form, L.courseTitle).fill(typed);
  await expect.poll(kept).toContain('typed here');

  // Its close button asks, Cancel first.
  const close = form.getByRole('button', { name: L.close, exact: true }).first();
  await close.click();
  const asking = page.getByRole('alertdialog', { name: L.leave });
  await expect(asking).toBeVisible();
  await expect(asking.getByRole('button', { name: L.keepEditing })).toBeFocused();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'edit-form-leave-without-saving', { fullPage: false });
  await asking.getByRole('button', { name: L.keepEditing }).click();
  await expect(asking).toBeHidden();
  await expect(field(form, L.courseTitle)).toHaveValue(typed);
  await expect(close).toBeFocused();

  // The browser's Back asks too, on the same page; Back again answers it as Cancel.
  await page.goBack();
  await expect(asking).toBeVisible();
  await expect(page).toHaveURL(editAddress);
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(asking).toBeHidden();
  await expect(form).toBeVisible();
  await expect(field(form, L.courseTitle)).toHaveValue(typed);
  await expect(page).toHaveURL(editAddress);

  // Escape and the back arrow ask as well; Discard closes the form and forgets the kept changes.
  await field(form, L.courseTitle).press('Escape');
  await expect(asking).toBeVisible();
  await asking.getByRole('button', { name: L.keepEditing }).click();
  await form.getByRole('button', { name: L.back, exact: true }).click();
  await expect(asking).toBeVisible();
  await asking.getByRole('button', { name: L.discardChanges }).click();
  await expect(form).toBeHidden();
  await expect(asking).toBeHidden();
  await expect(page).toHaveURL(/\/contributor\/dashboard$/);
  // The focus is back on the card's button the form was opened from, not on the page.
  await expect(card.getByRole('button', { name: L.viewDetails })).toBeFocused();
  await expect.poll(kept).toBeNull();

  // Opened again: the course as saved, nothing offered.
  await card.getByRole('button', { name: L.viewDetails }).click();
  await expect(field(form, L.courseTitle)).toHaveValue(title);
  await expect(form.getByRole('region', { name: L.offer })).toHaveCount(0);
});

test('each correct-answer row of a question is at least 40 px tall, also at 375 px', async ({
  page,
  request,
  lang,
}) => {
  const L = TEXT(lang);
  const title = `Answer rows ${lang} ${Date.now().toString(36)}`;
  const { contributor } = await draftWithPdfAndQuiz(request, title);
  await page.setViewportSize({ width: 375, height: 740 });
  const { form } = await openForm(page, lang, contributor, title);
  await form.getByRole('button', { name: L.questionN(1), exact: true }).click();
  const question = page.getByRole('dialog', { name: L.questionN(1) });
  const rows = question.getByRole('group', { name: L.correctAnswer }).locator('label');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await row.scrollIntoViewIfNeeded();
    const box = (await row.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    // Within the modal: nothing runs off its side at 375 px.
    const modal = (await question.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(modal.x);
    expect(box.x + box.width).toBeLessThanOrEqual(modal.x + modal.width + 0.5);
  }
  // A press on the row's text, away from the radio, chooses it.
  await rows.nth(1).getByText('The wrong one').click();
  await expect(rows.nth(1).getByRole('radio')).toBeChecked();
  await rows.first().scrollIntoViewIfNeeded();
  await snapAtBothWidths(page, lang, 'question-correct-answer-rows', { fullPage: false });
});
