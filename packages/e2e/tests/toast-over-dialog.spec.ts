import { translator } from '../src/catalogue.ts';
import { adminSession, createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';
import { createCourse, createVideoCourse } from './learner-support.ts';

// Decision 207: a toast shown while a modal is open starts below the modal's header. At the top of
// the window, on a phone, it covered the edit form's title, its back arrow and its Close button.

test('on a 375 px phone a toast over the course form leaves its header, title and Close in sight', async ({
  page,
  request,
  lang,
}) => {
  const t = translator(lang);
  const contributor = await createAccount(request, 'Contributor');
  const title = `Toast under the header ${lang} ${Date.now().toString(36)}`;
  await createCourse(request, contributor.token, {
    title,
    description: 'A course made by the end-to-end test of toasts over a dialog.',
    author: 'E2E Author',
    status: 'Draft',
    coursesection: [],
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page, contributor, '/contributor/dashboard');
  const card = page.getByTestId('course-card').filter({ hasText: title });
  await card.getByRole('button', { name: t('View details') }).click();
  const form = page.getByRole('dialog', { name: t('Edit Course') });
  const courseTitle = form.getByLabel(t('Course title'), { exact: true });
  await expect(courseTitle).toHaveValue(title);

  // An empty title refused: "Missing incomplete fields" as a toast, inside the form.
  await courseTitle.fill('');
  await form.getByRole('button', { name: t('Edit Course') }).click();
  const toast = form.locator('[role="status"]').filter({ hasText: t(' Missing incomplete fields').trim() });
  await expect(toast).toBeVisible();
  // It slides in from above the window (react-hot-toast's entrance): its place is read once it stops,
  // not on the way (CI read 63 px against a header ending at 82, and a retry passed).
  await page.evaluate(entrancesEnded);

  // The header: the panel's first element, with the title and Close.
  const header = form.locator(':scope > div').first();
  await expect(header).toContainText(t('Edit Course'));
  const close = header.getByRole('button', { name: t('Close'), exact: true });
  const headerBox = (await header.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  // The form's Close is what a tap on it reaches, and the title is not under the toast.
  const reached = await close.evaluate((button) => {
    const { x, y, width, height } = button.getBoundingClientRect();
    return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });
  expect(reached).toBe(true);
});

/**
 * Waits for the toasts' entrances to end (not a spinner's endless turn, nor the page's scroll-driven
 * cues, which end only with a scroll).
 */
async function entrancesEnded() {
  const running = (document.querySelector('.toaster')?.getAnimations({ subtree: true }) ?? []).filter(
    (a) => a.effect?.getTiming().iterations !== Infinity,
  );
  await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
}

// A toast already shown when a confirmation opens moves below the dialog's box (decision 207). Moved
// into the dialog, it ran its entrance again, sliding down from above its place across the dialog's
// buttons: CI's review journey tapped the toast instead of "Revoke approval" and the dialog stayed.
test('a toast shown as a confirmation opens is put below it at once, off its buttons', async ({
  page,
  request,
  lang,
}) => {
  const t = translator(lang);
  const contributor = await createAccount(request, 'Contributor');
  const title = `Toast under a confirmation ${lang} ${Date.now().toString(36)}`;
  const shown = lang === 'ar' ? `${title} (ع)` : title;
  await createVideoCourse(request, contributor.token, title);
  await openSignedIn(page, await adminSession(request), '/admin/dashboard');
  const status = page.getByLabel(t('Filter by status'), { exact: true });
  const row = page.getByTestId('course-row').filter({ hasText: shown });
  const actions = row.getByRole('button', { name: t('Actions for {title}', { title: shown }) });
  // Other journeys add courses meanwhile: newest first under its status, it stays on the first page.
  await status.selectOption('Pending');
  await actions.click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: t('Approve course'), exact: true })
    .click();
  const toast = page.getByRole('status').filter({ hasText: shown }).first();
  await expect(toast).toBeVisible();
  await page.evaluate(entrancesEnded);
  await status.selectOption('Approved');
  await actions.click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: t('Revoke approval'), exact: true })
    .click();
  const dialog = page.getByRole('alertdialog', { name: t('Revoke this course’s approval?') });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.toaster').getByRole('status').filter({ hasText: shown })).toBeVisible();

  // Read at once, in one frame: nothing of the toaster moves, the toast is below the box, and the
  // dialog's buttons are what a tap on them reaches.
  const seen = await dialog.evaluate((panel) => {
    const toaster = panel.querySelector('.toaster')!;
    const moving = toaster
      .getAnimations({ subtree: true })
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length;
    const toastTop = Math.min(
      ...Array.from(toaster.querySelectorAll('[role="status"]'), (s) => s.getBoundingClientRect().top),
    );
    const buttons = Array.from(panel.querySelectorAll('[data-modal-footer] button'), (button) => {
      const { x, y, width, height } = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    return { moving, below: toastTop >= panel.getBoundingClientRect().bottom, buttons };
  });
  expect(seen).toEqual({ moving: 0, below: true, buttons: [true, true] });
  await dialog.getByRole('button', { name: t('Cancel') }).click();
  await expect(dialog).toBeHidden();
});
