import { STATUS_AR } from '@app/shared';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  openSignedIn,
  snapAtBothWidths,
  test,
  waitForMail,
} from '../src/fixtures.ts';
import { serverWording } from '../src/server-wording.ts';
import { createVideoCourse } from './learner-support.ts';

/**
 * Decision 206: an administrator sends a pending course back with a note (the dialog: required note,
 * busy send, toast, focus back on the row's button), the author is e-mailed it in their language
 * (escaped), reads it on the board's card and at the top of the edit form, and submits the course again.
 */
test('a pending course sent back with a note reaches its author, who submits it again', async ({
  page,
  request,
  lang,
  t,
}) => {
  test.setTimeout(120_000);
  const contributor = await createAccount(request, 'Contributor');
  const headers = { authorization: `Bearer ${contributor.token}` };
  expect(
    (await request.patch('/api/v1/auth/user', { headers, data: { preferred_language: lang } })).status(),
  ).toBe(200);
  const title = `Sent back ${lang} ${Date.now()}`;
  const shown = lang === 'ar' ? `${title} (ع)` : title;
  const server = serverWording(lang);
  await createVideoCourse(request, contributor.token, title);

  // The administrator: the row's menu offers "Reject with a note…" on the Pending course.
  await openSignedIn(page, await adminSession(request), `/admin/dashboard?q=${encodeURIComponent(title)}`);
  const actions = page.getByRole('button', { name: t('Actions for {title}', { title: shown }) });
  await actions.click();
  await page.getByRole('menuitem', { name: t('Reject with a note…') }).click();
  const dialog = page.getByRole('dialog', { name: t('Reject with a note') });
  const note = dialog.getByRole('textbox', { name: t('Note to the author') });
  await expect(note).toBeFocused();
  await expectAccessible(page);
  // Required: nothing is sent without a note, and the reader is told in their language.
  await dialog.getByRole('button', { name: t('Send back to the author') }).click();
  await expect(dialog.getByText(t('This field is required.'))).toBeVisible();
  await note.fill('Cite the <b>sources</b> & add a quiz.\nSecond line of the note.');
  await expect(dialog.getByText('62 / 1000')).toBeVisible();
  await snapAtBothWidths(page, lang, 'reject-dialog', { accessible: true, fullPage: false });
  await dialog.getByRole('button', { name: t('Send back to the author') }).click();
  await expect(page.getByText(server.courses.rejected, { exact: false }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();

  // The mail, in the author's language, the note escaped in its HTML.
  const mail = await waitForMail(contributor.email, (m) => m.subject === server.courseReturnedSubject);
  expect(mail.text).toContain('Cite the <b>sources</b> & add a quiz.');
  expect(mail.html).not.toContain('<b>sources</b>');
  expect(mail.html).toContain('&#60;b&#62;sources&#60;/b&#62; &#38; add a quiz.');

  // The author: the card says why; the edit form says it whole and submits the course again.
  await openSignedIn(page, contributor, '/contributor/dashboard');
  const card = page.getByTestId('course-card').filter({ hasText: shown });
  await expect(
    card.getByText(lang === 'ar' ? STATUS_AR.Rejected : 'Rejected', { exact: true }),
  ).toBeVisible();
  await expect(card.getByTestId('review-note')).toContainText(t('Returned by the reviewer:'));
  await expect(card.getByTestId('review-note')).toContainText('Cite the <b>sources</b> & add a quiz.');
  await snapAtBothWidths(page, lang, 'rejected-card');
  await card.getByRole('button', { name: t('View details') }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByTestId('review-note')).toContainText('Second line of the note.');
  await snapAtBothWidths(page, lang, 'rejected-edit-form', { fullPage: false });
  await form.getByRole('button', { name: t('Submit for review') }).click();
  await expect(page.getByText(server.courses.submitted, { exact: false }).first()).toBeVisible();
  await expect(card.getByTestId('review-note')).toHaveCount(0);
});
