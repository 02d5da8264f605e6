import type { Locator, Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  openSignedIn,
  test,
  snapAtBothWidths,
} from '../src/fixtures.ts';
import { createCourse, enrol } from './learner-support.ts';

/**
 * Question types and feedback after submit (issue #14, decision 035), in English and Arabic: a
 * contributor adds a multiple-answers, a true/false and a short-answer question to the single-choice
 * quiz of a draft in the question modal and submits it for review; the admin approves it; a learner
 * takes it, sees which answers were right with the explanations, and retakes it.
 */

function TEXT(lang: Language) {
  const t = translator(lang);
  return {
    viewDetails: t('View details'),
    editCourse: t('Edit Course'),
    submitForReview: t('Submit for review'),
    addQuestion: t('Add Question'),
    add: t('Add'),
    questionType: t('Question type'),
    question: t('Question'),
    option: (n: number) => t('Option {n}', { n }),
    questionN: (n: number) => t('Question {n}', { n }),
    partialCredit: new RegExp(t('Partial credit: a wrong tick cancels a right one')),
    truth: t('True'),
    falsehood: t('False'),
    accepted: t('Accepted answers'),
    acceptedAr: t('{label} in Arabic (optional)', { label: t('Accepted answers') }),
    explanation: t('{label} (optional)', { label: t('Explanation') }),
    explanationAr: t('{label} in Arabic (optional)', { label: t('Explanation') }),
    incomplete: t('Incomplete field'),
    ofTotal: (number: number, total: number) => t('Question {number} of {total}', { number, total }),
    next: t('Next'),
    submit: t('Submit'),
    yourAnswer: t('Your answer'),
    retake: t('ReTake Quiz'),
    verdict: (number: number, verdict: string) => t('Question {number}: {verdict}', { number, verdict }),
    correct: t('Correct'),
    incorrect: t('Incorrect'),
  };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

test('a contributor authors every question type; a learner takes the quiz, sees the feedback and retakes it', async ({
  page,
  request,
  lang,
}) => {
  test.setTimeout(240_000);
  const L = TEXT(lang);
  const contributor = await createAccount(request, 'Contributor');
  const stamp = `${Date.now().toString(36)}${lang}`;
  const title = `Question types ${stamp}`;
  const { _id: courseId } = await createCourse(request, contributor.token, {
    title,
    title_tr: `أنواع الأسئلة ${stamp}`,
    description: 'Every question type.',
    author: 'E2E Author',
    status: 'Draft',
    coursesection: [
      {
        title: 'Check yourself',
        description: 'A quiz.',
        resources: [
          {
            type: 'quiz',
            title: 'Mixed quiz',
            title_tr: 'اختبار متنوع',
            description: 'Four questions.',
            quiz: [
              {
                question: 'Which licence lets anyone reuse a work?',
                question_tr: 'أي ترخيص يسمح لأي شخص بإعادة استخدام العمل؟',
                options: [
                  { name: 'CC BY', name_tr: 'نسب المصنف' },
                  { name: 'All rights reserved', name_tr: 'جميع الحقوق محفوظة' },
                ],
                correctanswer: 'CC BY',
              },
            ],
          },
        ],
      },
    ],
  });

  // The contributor adds one question of each other type in the modal, then submits for review.
  await openSignedIn(page, contributor, '/contributor/dashboard');
  const card = page
    .getByTestId('course-card')
    .filter({ hasText: lang === 'ar' ? `أنواع الأسئلة ${stamp}` : title });
  await card.getByRole('button', { name: L.viewDetails }).click();
  const edit = page.getByRole('dialog', { name: L.editCourse });
  const quiz = edit.getByTestId('resource-1-1');
  const openModal = async () => {
    await quiz.getByRole('button', { name: L.addQuestion }).click();
    const dialog = page.getByRole('dialog', { name: L.addQuestion });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const addIt = async (dialog: Locator, count: number) => {
    await dialog.getByRole('button', { name: L.add, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(quiz.getByRole('button', { name: L.questionN(count), exact: true })).toBeVisible();
  };

  let dialog = await openModal();
  // The type select is keyboard-operable: focus it and pick with the keyboard.
  await field(dialog, L.questionType).focus();
  await field(dialog, L.questionType).selectOption('multiple');
  await field(dialog, L.question).fill('Which of these are open licences?');
  await field(dialog, L.option(1)).fill('CC0');
  await field(dialog, L.option(2)).fill('CC BY-SA');
  await dialog.getByRole('button', { name: translator(lang)('Add option') }).click();
  await field(dialog, L.option(3)).fill('Proprietary');
  await dialog.getByRole('checkbox', { name: 'CC0' }).check();
  await dialog.getByRole('checkbox', { name: 'CC BY-SA' }).check();
  await dialog.getByRole('radio', { name: L.partialCredit }).check();
  await field(dialog, L.explanation).fill('CC0 and CC BY-SA both allow reuse.');
  await field(dialog, L.explanationAr).fill('كلا الترخيصين يسمحان بإعادة الاستخدام.');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'question-modal-multiple', { height: 900 });
  await addIt(dialog, 2);

  dialog = await openModal();
  await field(dialog, L.questionType).selectOption('truefalse');
  await field(dialog, L.question).fill('Open data can be reused by anyone.');
  await dialog.getByRole('radio', { name: L.truth, exact: true }).check();
  await addIt(dialog, 3);

  dialog = await openModal();
  await field(dialog, L.questionType).selectOption('short');
  await field(dialog, L.question).fill('Where do students learn? (one word)');
  await dialog.getByRole('button', { name: L.add, exact: true }).click();
  await expect(dialog.getByText(L.incomplete)).toBeVisible();
  await field(dialog, L.accepted).fill('School');
  await field(dialog, L.acceptedAr).fill('مدرسة');
  await field(dialog, L.explanation).fill('A school is where students learn.');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'question-modal-short', { height: 900 });
  await addIt(dialog, 4);

  await edit.getByRole('button', { name: L.submitForReview }).click();
  await expect(edit).toBeHidden();

  const admin = await adminSession(request);
  const approved = await request.get(`/api/v1/course/approve/${courseId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // A learner takes it: a radio, checkboxes, true/false in the reader's language, a text box.
  const learner = await createAccount(request, 'EndUser');
  await enrol(request, learner, courseId);
  await openSignedIn(page, learner, `/course/${courseId}`);
  await page.getByTestId('quiz-item').first().click();
  const taking = page.getByTestId('quiz');
  await expect(taking.getByRole('heading', { name: L.ofTotal(1, 4) })).toBeVisible();
  await taking.getByRole('radio', { name: lang === 'ar' ? 'نسب المصنف' : 'CC BY', exact: true }).click();
  await expect(taking.getByRole('heading', { name: L.ofTotal(2, 4) })).toBeVisible();
  await taking.getByRole('checkbox', { name: 'CC0' }).check();
  await taking.getByRole('checkbox', { name: 'Proprietary' }).check();
  await taking.getByRole('button', { name: L.next }).click();
  await expect(taking.getByRole('heading', { name: L.ofTotal(3, 4) })).toBeVisible();
  await taking.getByRole('radio', { name: L.falsehood, exact: true }).click();
  await expect(taking.getByRole('heading', { name: L.ofTotal(4, 4) })).toBeVisible();
  const box = taking.getByRole('textbox', { name: L.yourAnswer });
  await expect(box).toHaveAttribute('dir', 'auto');
  // Taa marbuta written as haa, a diacritic and spaces: still the accepted "مدرسة".
  await box.fill('  مَدرسه ');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'quiz-short-answer', { height: 900 });
  await taking.getByRole('button', { name: L.submit }).click();

  // 1 + 0 (one right, one wrong tick of two: partial credit 0) + 0 + 1 = 2 of 4 → 50 %.
  const result = page.getByTestId('quiz-result');
  await expect(result.getByRole('heading')).toHaveText(/(50|٥٠)/);
  const feedback = result.getByTestId('quiz-feedback');
  await expect(feedback).toHaveCount(4);
  await expect(feedback.nth(0)).toContainText(L.verdict(1, L.correct));
  await expect(feedback.nth(1)).toContainText(L.verdict(2, L.incorrect));
  await expect(feedback.nth(1)).toContainText(
    lang === 'ar' ? 'كلا الترخيصين يسمحان بإعادة الاستخدام.' : 'CC0 and CC BY-SA both allow reuse.',
  );
  await expect(feedback.nth(2)).toContainText(L.falsehood);
  await expect(feedback.nth(3)).toContainText(L.verdict(4, L.correct));
  await expect(feedback.nth(3)).toContainText('A school is where students learn.');
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'quiz-feedback', { height: 900 });

  // ReTake: back to question 1 with nothing chosen.
  await result.getByRole('button', { name: L.retake }).click();
  await expect(taking.getByRole('heading', { name: L.ofTotal(1, 4) })).toBeVisible();
  await expect(taking.getByRole('radio').first()).not.toBeChecked();
});
