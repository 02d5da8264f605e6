import { translator } from '../src/catalogue.ts';
import { createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';
import { createCourse } from './learner-support.ts';

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
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });

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
