import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  openSignedIn,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import { createCourse } from './learner-support.ts';

/**
 * A quiz's questions on a course whose editing an administrator disabled: each opens to be read, every
 * field disabled, with only Close; once editing is enabled again, deleting a question asks first,
 * naming it, as deleting a course, a section or a resource does (decision 182).
 */

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function toggleEditing(request: APIRequestContext, courseId: string) {
  const admin = await adminSession(request);
  const toggled = await request.get(`/api/v1/course/toggle-editing/${courseId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(toggled.status(), await toggled.text()).toBe(200);
}

test('a locked course opens its questions read-only; an editable one asks before deleting a question', async ({
  page,
  request,
  lang,
  t,
}) => {
  const contributor = await createAccount(request, 'Contributor');
  const stamp = `${Date.now().toString(36)}${lang}`;
  const question = (text: string, arabic: string) => ({
    question: text,
    question_tr: arabic,
    options: [
      { name: 'CC BY', name_tr: 'نسب المصنف' },
      { name: 'All rights reserved', name_tr: 'جميع الحقوق محفوظة' },
    ],
    correctanswer: 'CC BY',
  });
  const { _id: courseId } = await createCourse(request, contributor.token, {
    title: `Locked quiz ${stamp}`,
    description: 'A quiz to read.',
    author: 'E2E Author',
    status: 'Draft',
    coursesection: [
      {
        title: 'Check yourself',
        description: 'A quiz.',
        resources: [
          {
            type: 'quiz',
            title: 'Quiz',
            description: 'Two questions.',
            quiz: [
              question('Which licence lets anyone reuse a work?', 'أي ترخيص يسمح بإعادة استخدام العمل؟'),
              question('Which licence keeps every right?', 'أي ترخيص يحفظ كل الحقوق؟'),
            ],
          },
        ],
      },
    ],
  });
  const excerpt = (en: string, ar: string) => (lang === 'ar' ? ar : en);
  const questionN = (n: number) => t('Question {n}', { n });

  // Locked: the questions still open, by keyboard, to be read.
  await toggleEditing(request, courseId);
  await openSignedIn(page, contributor, `/contributor/dashboard?edit=${courseId}`);
  const form = page.getByRole('dialog', { name: t('Edit Course') });
  await expect(form.getByTestId('editing-locked')).toBeVisible();
  const second = form.getByRole('button', { name: questionN(2), exact: true });
  await expect(second).toBeEnabled();
  await expect(second).toHaveAccessibleDescription(
    excerpt('Which licence keeps every right?', 'أي ترخيص يحفظ كل الحقوق؟'),
  );
  await expect(form.getByRole('button', { name: t('Add Question') })).toHaveCount(0);
  await expectAccessible(page); // the list, each question's excerpt beside its button
  await second.focus();
  await page.keyboard.press('Enter');
  const read = page.getByRole('dialog', { name: questionN(2) });
  await expect(field(read, t('Question'))).toHaveValue('Which licence keeps every right?');
  await expect(field(read, t('Question'))).toBeDisabled();
  await expect(field(read, t('Option {n}', { n: 1 }))).toBeDisabled();
  await expect(read.getByRole('radio', { name: 'CC BY' })).toBeChecked();
  await expect(read.getByRole('radio', { name: 'CC BY' })).toBeDisabled();
  for (const name of [t('Save'), t('Delete'), t('Add option')])
    await expect(read.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'quiz-question-read-only', { fullPage: false, accessible: true });
  await read
    .getByRole('button', { name: t('Close'), exact: true })
    .last()
    .click();
  await expect(read).toBeHidden();
  await expect(second).toBeFocused();

  // Editable again: Delete asks, naming the question; Cancel keeps it, and the focus on Delete.
  await toggleEditing(request, courseId);
  await page.reload();
  await form.getByRole('button', { name: questionN(1), exact: true }).click();
  const edit = page.getByRole('dialog', { name: questionN(1) });
  await edit.getByRole('button', { name: t('Delete'), exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: t('Delete question {number}?', { number: 1 }) });
  await expect(confirm).toContainText(
    excerpt('Which licence lets anyone reuse a work?', 'أي ترخيص يسمح بإعادة استخدام العمل؟'),
  );
  await expect(confirm.getByRole('button', { name: t('Cancel'), exact: true })).toBeFocused();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'quiz-question-delete-confirm', { fullPage: false, accessible: true });
  await confirm.getByRole('button', { name: t('Cancel'), exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(edit.getByRole('button', { name: t('Delete'), exact: true })).toBeFocused();
  await expect(field(edit, t('Question'))).toHaveValue('Which licence lets anyone reuse a work?');

  // Confirmed: the question goes, and the one after it takes its place and the focus.
  await edit.getByRole('button', { name: t('Delete'), exact: true }).click();
  await confirm.getByRole('button', { name: t('Delete'), exact: true }).click();
  await expect(edit).toBeHidden();
  const first = form.getByRole('button', { name: questionN(1), exact: true });
  await expect(first).toBeFocused();
  await expect(first).toHaveAccessibleDescription(
    excerpt('Which licence keeps every right?', 'أي ترخيص يحفظ كل الحقوق؟'),
  );
  await expect(form.getByRole('button', { name: questionN(2), exact: true })).toHaveCount(0);
});
