import type { APIRequestContext } from '@playwright/test';
import type { Language } from '@app/shared';
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

/**
 * The server's wording this journey looks for (`rejected`, `submitted` in courses.messages.ts; the
 * subject in mail.templates.ts), kept here as src/server-wording.ts keeps the others.
 */
const SERVER = {
  rejected: { en: 'Course returned to its author with your note', ar: 'أُعيدت الدورة إلى مؤلفها مع ملاحظتك' },
  submitted: { en: 'Course submitted for review', ar: 'تم إرسال الدورة للمراجعة' },
  subject: { en: 'Your course was returned with a note', ar: 'أُعيدت دورتك إليك مع ملاحظة' },
  rejectedStatus: { en: 'Rejected', ar: 'مرفوضة' },
} as const satisfies Record<string, Record<Language, string>>;

/** A 1×1 PNG: the smallest cover the server takes. */
const COVER = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A Pending course of `token`'s contributor, made through the API as the course form would. */
async function pendingCourse(request: APIRequestContext, token: string, title: string) {
  const response = await request.post('/api/v1/course/new', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'cover.png', mimeType: 'image/png', buffer: COVER },
      body: JSON.stringify({
        title,
        title_tr: `${title} (ع)`,
        description: 'A course the review journey sends back with a note.',
        author: 'E2E Author',
        coursesection: [
          {
            title: 'Only section',
            description: 'Section description',
            resources: [
              {
                type: 'video',
                title: 'Intro',
                description: 'Intro video',
                link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
              },
            ],
          },
        ],
      }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { course: { _id: string } } }).data.course._id;
}

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
  await pendingCourse(request, contributor.token, title);

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
  await expect(page.getByText(SERVER.rejected[lang], { exact: false }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();

  // The mail, in the author's language, the note escaped in its HTML.
  const mail = await waitForMail(contributor.email, (m) => m.subject === SERVER.subject[lang]);
  expect(mail.text).toContain('Cite the <b>sources</b> & add a quiz.');
  expect(mail.html).not.toContain('<b>sources</b>');
  expect(mail.html).toContain('&#60;b&#62;sources&#60;/b&#62; &#38; add a quiz.');

  // The author: the card says why; the edit form says it whole and submits the course again.
  await openSignedIn(page, contributor, '/contributor/dashboard');
  const card = page.getByTestId('course-card').filter({ hasText: shown });
  await expect(card.getByText(SERVER.rejectedStatus[lang], { exact: true })).toBeVisible();
  await expect(card.getByTestId('review-note')).toContainText(t('Returned by the reviewer:'));
  await expect(card.getByTestId('review-note')).toContainText('Cite the <b>sources</b> & add a quiz.');
  await snapAtBothWidths(page, lang, 'rejected-card');
  await card.getByRole('button', { name: t('View details') }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByTestId('review-note')).toContainText('Second line of the note.');
  await snapAtBothWidths(page, lang, 'rejected-edit-form', { fullPage: false });
  await form.getByRole('button', { name: t('Submit for review') }).click();
  await expect(page.getByText(SERVER.submitted[lang], { exact: false }).first()).toBeVisible();
  await expect(card.getByTestId('review-note')).toHaveCount(0);
});
