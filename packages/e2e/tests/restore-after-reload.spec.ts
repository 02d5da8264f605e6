import type { Locator, Page } from '@playwright/test';
import { translator } from '../src/catalogue.ts';
import { createAccount, expect, expectAccessible, openSignedIn, snap, test } from '../src/fixtures.ts';
import { createVideoCourse } from './learner-support.ts';

// A reload keeps the page scrolled where it was: on a phone, at the bottom of a long form, while the
// offer to restore the unsaved changes is drawn at its top and the form waits, locked and empty, for
// the answer. The reader must see the offer (in sight and focused), and the save buttons must not act
// on the locked form ("Missing incomplete fields" made the author believe the work was lost).

function TEXT(lang: 'en' | 'ar') {
  const t = translator(lang);
  return {
    offer: t('Unsaved changes'),
    restore: t('Restore'),
    courseTitle: t('Course title'),
    addSection: t('Add Section'),
    sectionTitle: t('Section title'),
    addCourse: t('Add Course'),
    saveAsDraft: t('Save as Draft'),
    editCourse: t('Edit Course'),
    // The catalogue's source text starts with a space; the toast shows it trimmed.
    missingFields: t(' Missing incomplete fields').trim(),
  };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Whether the element is wholly within the window and drawn there, not under the sticky header. */
const inSight = (element: Element) => {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) return false;
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + 4);
  return top !== null && element.contains(top);
};

/** The offer is in sight and has the focus, and stays so (the router restores the scroll on load). */
async function expectOfferShown(page: Page, offer: Locator) {
  await expect(offer).toBeFocused();
  await expect.poll(() => offer.evaluate(inSight)).toBe(true);
  await page.waitForTimeout(500);
  await expect(offer).toBeFocused();
  expect(await offer.evaluate(inSight)).toBe(true);
}

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

const keptDraft = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name) ?? '', key);

test('on a phone, a reload at the bottom of the new-course form shows the restore offer, and Add Course goes back to it', async ({
  page,
  request,
  lang,
}) => {
  const L = TEXT(lang);
  const title = `Kept across a reload ${lang} ${Date.now().toString(36)}`;
  const contributor = await createAccount(request, 'Contributor');
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page, contributor, '/course/add-course');
  await field(page, L.courseTitle).fill(title);
  await page.getByRole('button', { name: L.addSection, exact: true }).click();
  await field(page.getByTestId('section-1'), L.sectionTitle).fill('First section');
  await expect.poll(() => keptDraft(page, 'course-draft:new')).toContain('First section');
  await scrollToBottom(page);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await page.reload();
  const offer = page.getByRole('region', { name: L.offer });
  await expectOfferShown(page, offer);
  // Scrolling on with no key reaching the page (a screen reader's browse mode) is the reader's: the
  // offer is not brought back over it (only the scroll a reload restores is undone, once, at first).
  await page.waitForTimeout(1_000);
  await scrollToBottom(page);
  await page.waitForTimeout(300);
  expect(await offer.evaluate(inSight)).toBe(false);
  await offer.focus();
  await snap(page, lang, 'restore-after-reload', { fullPage: false });
  await expectAccessible(page);

  // Add Course and Save as Draft, pressed at the bottom, show the offer again: nothing is refused.
  for (const name of [L.addCourse, L.saveAsDraft]) {
    await scrollToBottom(page);
    await page.getByRole('button', { name, exact: true }).click();
    await expectOfferShown(page, offer);
  }
  await expect(page.getByText(L.missingFields)).toHaveCount(0);
  await expect(field(page, L.courseTitle)).not.toHaveAttribute('aria-invalid', 'true');

  // Nothing was lost: Restore brings the title and the section back.
  await offer.getByRole('button', { name: L.restore, exact: true }).click();
  await expect(field(page, L.courseTitle)).toHaveValue(title);
  await expect(field(page.getByTestId('section-1'), L.sectionTitle)).toHaveValue('First section');
});

test('a reload of the edit form over the board shows the restore offer focused, and Edit Course does not save the course without the changes', async ({
  page,
  request,
  lang,
}) => {
  const L = TEXT(lang);
  const title = `Edited across a reload ${lang} ${Date.now().toString(36)}`;
  const contributor = await createAccount(request, 'Contributor');
  const courseId = await createVideoCourse(request, contributor.token, title, { draft: true });
  const key = `course-draft:${courseId}`;
  let saves = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().includes(courseId)) saves += 1;
  });
  await openSignedIn(page, contributor, `/contributor/dashboard?edit=${courseId}`);
  const dialog = page.getByRole('dialog', { name: L.editCourse });
  await expect(field(dialog, L.courseTitle)).toHaveValue(title);
  await field(dialog, L.courseTitle).fill(`${title} (typed here)`);
  await expect.poll(() => keptDraft(page, key)).toContain('typed here');

  await page.reload();
  const offer = dialog.getByRole('region', { name: L.offer });
  await expectOfferShown(page, offer);
  await snap(page, lang, 'restore-after-reload-edit', { fullPage: false });

  await dialog.getByRole('button', { name: L.editCourse, exact: true }).click();
  await expectOfferShown(page, offer);
  expect(saves).toBe(0);
  expect(await keptDraft(page, key)).toContain('typed here');

  await offer.getByRole('button', { name: L.restore, exact: true }).click();
  await expect(field(dialog, L.courseTitle)).toHaveValue(`${title} (typed here)`);
});
