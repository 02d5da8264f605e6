import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { STATUS_AR, type CourseStatus, type Language } from '@app/shared';
import { escapeRegExp, messagePattern, translator } from '../src/catalogue.ts';
import { serverWording } from '../src/server-wording.ts';
import {
  adminSession,
  createAccount,
  expect,
  expectAccessible,
  login,
  openSignedIn,
  test,
  snap,
  snapAtBothWidths,
} from '../src/fixtures.ts';
import { createVideoCourse } from './learner-support.ts';

// ---------------------------------------------------------------------------------------------------
// Files the author chooses: built here so their size and type are known exactly.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real RGB PNG of `width`×`height` whose pixels come from `pixel`. */
function png(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), y * stride + 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A gentle teal gradient: a small, valid cover. */
const coverPng = () =>
  png(320, 180, (x, y) => [20 + (x % 60), 120 + Math.round(y / 3), 110 + Math.round(x / 4)]);
/** Noise does not compress: well over the 100 KB limit. */
const oversizedPng = () => {
  const noise = randomBytes(220 * 220 * 3);
  return png(220, 220, (x, y) => {
    const at = (y * 220 + x) * 3;
    return [noise[at]!, noise[at + 1]!, noise[at + 2]!];
  });
};

/** A one-page PDF saying `text`, with a correct cross-reference table. */
function pdf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
const oversizedPdf = () => Buffer.concat([pdf('Too big'), Buffer.alloc(120_000, 0x20)]);

// ---------------------------------------------------------------------------------------------------
// What the reader sees in a language: the web catalogues' texts, the status names of @app/shared and
// the server's messages.

const MUST_BE_AT_MOST =
  '{n, plural, one {Must be at most # character.} other {Must be at most # characters.}}';

function TEXT(lang: Language) {
  const t = translator(lang);
  const status = (name: CourseStatus) => (lang === 'ar' ? STATUS_AR[name] : name);
  return {
    noCourseYet: t('No Course Added Yet!'),
    addCourseLink: t('Add Course'),
    addNewCourse: t('Add New Course'),
    yourCourses: t('Your Courses'),
    newCourse: t('New Course'),
    editCourse: t('Edit Course'),
    addCourse: t('Add Course'),
    saveAsDraft: t('Save as Draft'),
    submitForReview: t('Submit for review'),
    deleteCourse: t('Delete Course'),
    deleteThisCourse: t('Delete this course?'),
    // The catalogue's source text starts with a space; the toast shows it trimmed.
    missingFields: t(' Missing incomplete fields').trim(),
    addPreviewImage: t('Add course preview image'),
    fileTooLarge: t('file size too large'),
    max100: t('Max 100KB'),
    notAnImage: t('Choose a JPG or PNG image'),
    coursePhoto: t('Course photo'),
    courseTitle: t('Course title'),
    courseTitleAr: t('{label} in Arabic (optional)', { label: t('Course title') }),
    author: t('Author'),
    courseDescription: t('Course description'),
    addSection: t('Add Section'),
    sectionTitle: t('Section title'),
    sectionDescription: t('Section description'),
    // In Arabic, however the locale writes the number ("30" or "٣٠").
    titleTooLong:
      lang === 'ar'
        ? new RegExp(`^${escapeRegExp(t(MUST_BE_AT_MOST, { n: 30 })).replace(/30|٣٠/, '(30|٣٠)')}$`)
        : t(MUST_BE_AT_MOST, { n: 30 }),
    addResources: t('Add Resources'),
    resourceType: t('Resource type'),
    resourceTitle: t('Resource title'),
    resourceDescription: t('Resource description'),
    youtubeLink: t('YouTube link'),
    pdfFile: t('PDF file'),
    viewPdf: t('View Pdf'),
    addQuestion: t('Add Question'),
    add: t('Add'),
    incomplete: t('Incomplete field'),
    question: t('Question'),
    questionAr: t('{label} in Arabic (optional)', { label: t('Question') }),
    option: (n: number) => t('Option {n}', { n }),
    optionAr: (n: number) => t('Option {n} in Arabic (optional)', { n }),
    addOption: t('Add option'),
    removeOption: (n: number) => t('Remove option {n}', { n }),
    questionN: (n: number) => t('Question {n}', { n }),
    delete: t('Delete'),
    moveSectionUp: (n: number) => t('Move section {n} up', { n }),
    moveSectionDown: (n: number) => t('Move section {n} down', { n }),
    restorePrompt: t('Restore unsaved changes?'),
    questionBack: t('Your unsaved writing in this question is back.'),
    restore: t('Restore'),
    discard: t('Discard'),
    /** The restore offer's warning that the saved course changed later, its date left open. */
    changedSince: messagePattern(t, CHANGED_SINCE, {}, { changedWhen: '.+' }),
    viewDetails: t('View details'),
    editingLocked: t(
      'Editing of this course is locked: an administrator has disabled editing. You can read it but not save changes.',
    ),
    adminBoard: t('Admin Board'),
    allCourses: t('All Courses'),
    actionsFor: (title: string) => t('Actions for {title}', { title }),
    viewCourse: t('View course'),
    approve: t('Approve course'),
    /** Sends a pending course back with a note (decision 206). */
    reject: t('Reject with a note…'),
    revoke: t('Revoke approval'),
    makeUnavailable: t('Make unavailable'),
    makeAvailable: t('Make available'),
    disableEditing: t('Disable editing'),
    enableEditing: t('Enable editing'),
    archive: t('Archive course'),
    unarchive: t('Un-archive'),
    /** The confirmations before archive and revoke (decision 198), and their harmless answer. */
    archiveThisCourse: t('Archive this course?'),
    revokeThisApproval: t('Revoke this course’s approval?'),
    cancel: t('Cancel'),
    filterByStatus: t('Filter by status'),
    titleColumn: t('Title'),
    updatedColumn: t('Last Updated'),
    next: t('Next'),
    /** "Page 1 of N" with at least two pages (other journeys add courses at the same time). */
    pageOf: (page: number) =>
      messagePattern(t, 'Page {page} of {pageCount}', { page }, { pageCount: '([2-9]|\\d{2,})' }),
    requestFailed: t('Request failed'),
    /** A course save that failed (the description's own capital F). */
    saveFailed: t('Request Failed'),
    close: t('Close'),
    back: t('Back'),
    leaveWithoutSaving: t('Leave without saving?'),
    discardChanges: t('Discard changes'),
    /** Status names are fixed in @app/shared (the English one is the status itself). */
    status: {
      Draft: status('Draft'),
      Pending: status('Pending'),
      Approved: status('Approved'),
      Archived: status('Archived'),
    },
    /** The server's messages, toasted as they come (src/server-wording.ts). */
    server: serverWording(lang).courses,
  };
}

// ---------------------------------------------------------------------------------------------------

/** A toast on screen (its message is a status; screen readers hear a copy, `ToastAnnouncer`). */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
/**
 * A modal's own close button, in its header: the toasts shown meanwhile are drawn in the open modal,
 * after its content, each with a close button of the same name (decision 152).
 */
const modalClose = (dialog: Locator, close: string) =>
  dialog.getByRole('button', { name: close, exact: true }).first();

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/**
 * In the page: whether the element is painted on top at its centre (no modal layer covers it). Hit
 * testing skips what a modal makes inert (`pointer-events: none`), so the modals' layers (dialogs and
 * overlays, which carry `data-state`) are switched back on for the look; the toaster stays see-through.
 */
const isUncovered = (element: Element) => {
  const style = document.head.appendChild(document.createElement('style'));
  // The toaster, drawn in the open modal (decision 152), is a see-through layer over the whole window.
  style.textContent =
    '[data-state], [data-state] *:not(.toaster, .toaster *) { pointer-events: auto !important; }';
  try {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  } finally {
    style.remove();
  }
};

const CHANGED_SINCE =
  'The saved course changed on {changedWhen}, after these changes were made. Restoring them and saving replaces that version.';

/** Opens the new-course form as `contributor` and fills what a course needs, with a cover. */
async function startNewCourse(
  page: Page,
  L: ReturnType<typeof TEXT>,
  contributor: Parameters<typeof openSignedIn>[1],
  course: { title: string; description: string },
) {
  await openSignedIn(page, contributor, '/course/add-course');
  await field(page, L.courseTitle).fill(course.title);
  await field(page, L.author).fill('Hala Author');
  await field(page, L.courseDescription).fill(course.description);
  await field(page, L.coursePhoto).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: coverPng(),
  });
}

const QUIZ = [
  {
    en: 'What does open science share?',
    ar: 'ماذا يشارك العلم المفتوح؟',
    options: [
      { en: 'Only results', ar: 'النتائج فقط' },
      { en: 'Data, code and methods', ar: 'البيانات والشيفرة والمنهجيات' },
      { en: 'Nothing', ar: 'لا شيء' },
    ],
    correct: 1,
  },
  {
    en: 'Which licence lets others reuse work?',
    options: [{ en: 'All rights reserved' }, { en: 'CC BY' }],
    correct: 1,
  },
  {
    en: 'Open hardware means…',
    options: [{ en: 'Designs anyone can study' }, { en: 'Locked devices' }, { en: 'Expensive tools' }],
    correct: 0,
  },
] as const;

test.describe('authoring and review', () => {
  test('a contributor builds a course that is reviewed, approved and taken by a learner', async ({
    page,
    request,
    lang,
  }) => {
    test.setTimeout(300_000);
    const L = TEXT(lang);
    const stamp = Date.now().toString(36);
    const title = `Open Science Basics ${lang} ${stamp}`;
    const titleAr = `أساسيات العلم المفتوح ${stamp}`;
    const shownTitle = lang === 'ar' ? titleAr : title;

    const contributor = await createAccount(request, 'Contributor', {
      firstname: 'Hala',
      lastname: 'Author',
    });
    await openSignedIn(page, contributor, '/contributor/dashboard');

    // The empty board.
    await expect(page.getByRole('heading', { level: 1, name: L.yourCourses })).toBeVisible();
    await expect(page.getByRole('heading', { name: L.noCourseYet })).toBeVisible();
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'contributor-board-empty');

    await page.getByRole('link', { name: L.addCourseLink, exact: true }).click();
    await expect(page).toHaveURL(/\/course\/add-course$/);
    await expect(page.getByRole('heading', { level: 1, name: L.newCourse })).toBeVisible();
    await expectAccessible(page);

    // Submitting the empty form: the toast, and the missing cover.
    await page.getByRole('button', { name: L.addCourse, exact: true }).click();
    await expect(toast(page, L.missingFields)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: L.addPreviewImage })).toBeVisible();
    await expect(field(page, L.courseTitle)).toBeFocused();

    // Cover: not an image, then too big, then a good one with its preview.
    const cover = field(page, L.coursePhoto);
    await cover.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(toast(page, L.notAnImage)).toBeVisible();
    await cover.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: oversizedPng() });
    await expect(toast(page, L.fileTooLarge)).toBeVisible();
    await expect(page.getByTestId('cover-preview')).toHaveCount(0);
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
    await expect(page.getByTestId('cover-preview')).toBeVisible();

    await field(page, L.courseTitle).fill(title);
    await field(page, L.courseTitleAr).fill(titleAr);
    await field(page, L.author).fill('Hala Author');
    await field(page, L.courseDescription).fill(
      'Learn what open science is, why it matters and how to start practising it in your own research.',
    );

    // Section 1: a title of 31 characters is refused on submit, and accepted once shortened.
    await page.getByRole('button', { name: L.addSection }).click();
    const section1 = page.getByTestId('section-1');
    await field(section1, L.sectionTitle).fill('A'.repeat(31));
    await field(section1, L.sectionDescription).fill('What open science is and why it matters.');
    await page.getByRole('button', { name: L.addCourse, exact: true }).click();
    await expect(toast(page, L.missingFields)).toBeVisible();
    const tooLong = section1.getByTestId('section-1-title').locator('.text-error').first();
    await expect(tooLong).toBeVisible();
    await expect(tooLong).toHaveText(L.titleTooLong);
    await field(section1, L.sectionTitle).fill('Getting started');
    await expect(tooLong).toBeHidden();

    // A video pasted as a watch URL: the form shows the embed address it will store.
    await section1.getByRole('button', { name: L.addResources }).click();
    const video = page.getByTestId('resource-1-1');
    await field(video, L.resourceType).selectOption('video');
    await field(video, L.resourceTitle).fill('Welcome video');
    await field(video, L.resourceDescription).fill('A short welcome to the course.');
    await field(video, L.youtubeLink).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    await expect(video.getByText('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBeVisible();

    // A PDF: too big is refused ('Max 100KB' + toast), a small one is uploaded and can be viewed.
    await section1.getByRole('button', { name: L.addResources }).click();
    const notes = page.getByTestId('resource-1-2');
    await field(notes, L.resourceType).selectOption('pdf');
    await field(notes, L.resourceTitle).fill('Reading notes');
    await field(notes, L.resourceDescription).fill('Notes to read after the video.');
    await field(notes, L.pdfFile).setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: oversizedPdf(),
    });
    await expect(notes.getByRole('alert')).toHaveText(L.max100);
    await expect(toast(page, L.fileTooLarge)).toBeVisible();
    await field(notes, L.pdfFile).setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Notes'),
    });
    await expect(notes.getByRole('button', { name: L.viewPdf })).toBeVisible();
    await notes.getByRole('button', { name: L.viewPdf }).click();
    const viewer = page.getByRole('dialog', { name: L.viewPdf });
    await expect(viewer.locator('iframe')).toHaveAttribute('src', /^\/api\/v1\/files\/[\w-]+$/);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Section 2: a quiz of three questions.
    await page.getByRole('button', { name: L.addSection }).click();
    const section2 = page.getByTestId('section-2');
    await field(section2, L.sectionTitle).fill('Check yourself');
    await field(section2, L.sectionDescription).fill('A short quiz about the first section.');
    await section2.getByRole('button', { name: L.addResources }).click();
    const quiz = page.getByTestId('resource-2-1');
    await field(quiz, L.resourceType).selectOption('quiz');
    await field(quiz, L.resourceTitle).fill('Open science quiz');
    await field(quiz, L.resourceDescription).fill('Three questions.');

    for (const [index, item] of QUIZ.entries()) {
      await quiz.getByRole('button', { name: L.addQuestion }).click();
      const dialog = page.getByRole('dialog', { name: L.addQuestion });
      await expect(dialog).toBeVisible();
      if (index === 0) {
        // An incomplete question is refused.
        await dialog.getByRole('button', { name: L.add, exact: true }).click();
        await expect(dialog.getByText(L.incomplete, { exact: true })).toBeVisible();
        await expectAccessible(page);
        await snapAtBothWidths(page, lang, 'question-modal', { fullPage: false });
        // At 320 × 256 (1280 × 1024 zoomed to 400 %, WCAG's reflow) the actions stay on screen and
        // every control Tab reaches is wholly in view above them: the header scrolls away.
        await page.setViewportSize({ width: 320, height: 256 });
        const actions = dialog.locator('[data-modal-footer]');
        await modalClose(dialog, L.close).focus();
        let reached = 0;
        for (; reached < 40 && (await actions.locator(':focus').count()) === 0; reached += 1) {
          await page.keyboard.press('Tab');
          const focused = dialog.locator(':focus');
          const label = `${reached}: ${await focused.evaluate((element) => element.outerHTML.slice(0, 80))}`;
          const box = (await focused.boundingBox())!;
          const footer = (await actions.boundingBox())!;
          expect(footer.y + footer.height, label).toBeLessThanOrEqual(256);
          if (await actions.locator(':focus').count()) break;
          expect(box.y, label).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height, label).toBeLessThanOrEqual(footer.y);
        }
        expect(reached).toBeGreaterThan(5); // the question, its options and their controls
        // The toasts of the steps before (over everything at this height) gone, for people to look at.
        await expect(page.locator('.toaster [role="status"]')).toHaveCount(0, { timeout: 10_000 });
        await snap(page, lang, 'question-modal-short', { fullPage: false });
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await field(dialog, L.question).fill(item.en);
      if ('ar' in item) await field(dialog, L.questionAr).fill(item.ar);
      for (const [position, option] of item.options.entries()) {
        if (position >= 2) await dialog.getByRole('button', { name: L.addOption }).click();
        await field(dialog, L.option(position + 1)).fill(option.en);
        if ('ar' in option) await field(dialog, L.optionAr(position + 1)).fill(option.ar);
      }
      if (index === 0) {
        // Up to four options, with add and remove.
        await dialog.getByRole('button', { name: L.addOption }).click();
        await expect(dialog.getByRole('button', { name: L.addOption })).toHaveCount(0);
        await dialog.getByRole('button', { name: L.removeOption(4) }).click();
        await expect(field(dialog, L.option(4))).toHaveCount(0);
      }
      await dialog.getByRole('radio', { name: item.options[item.correct].en }).check();
      await dialog.getByRole('button', { name: L.add, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(quiz.getByRole('button', { name: L.questionN(index + 1), exact: true })).toBeVisible();
    }

    // Closing a new question without adding it discards it; an existing one opens with Delete.
    await quiz.getByRole('button', { name: L.addQuestion }).click();
    await field(page.getByRole('dialog'), L.question).fill('Never added');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(quiz.getByRole('button', { name: L.questionN(4), exact: true })).toHaveCount(0);
    await quiz.getByRole('button', { name: L.questionN(2), exact: true }).click();
    const second = page.getByRole('dialog', { name: L.questionN(2) });
    await expect(field(second, L.question)).toHaveValue(QUIZ[1].en);
    await expect(second.getByRole('button', { name: L.delete, exact: true })).toBeVisible();
    await second.getByRole('button', { name: TEXT(lang).close }).click();
    await expect(second).toBeHidden();

    // Reordering by keyboard: section 2 up, then back down from where the focus stays.
    await page.getByRole('button', { name: L.moveSectionUp(2) }).click();
    await expect(field(page.getByTestId('section-1'), L.sectionTitle)).toHaveValue('Check yourself');
    await expect(page.getByRole('button', { name: L.moveSectionDown(1) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field(page.getByTestId('section-1'), L.sectionTitle)).toHaveValue('Getting started');

    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'course-form');

    // A reload mid-edit, right after typing: the typed course comes back, the last edit too, written
    // as the page went away rather than after the autosave's pause (the cover must be chosen again).
    await field(page.getByTestId('section-2'), L.sectionDescription).fill('Typed right before the reload.');
    // ...and a question being written in its modal, not yet added.
    await page.getByTestId('resource-2-1').getByRole('button', { name: L.addQuestion }).click();
    await field(page.getByRole('dialog'), L.question).fill('Half a question');
    await page.reload();
    await expect(page.getByText(L.restorePrompt)).toBeVisible();
    await snapAtBothWidths(page, lang, 'course-form-restore', { fullPage: false });
    await page.getByRole('button', { name: L.restore, exact: true }).click();
    await expect(field(page, L.courseTitle)).toHaveValue(title);
    await expect(field(page.getByTestId('section-1'), L.sectionTitle)).toHaveValue('Getting started');
    await expect(field(page.getByTestId('section-2'), L.sectionDescription)).toHaveValue(
      'Typed right before the reload.',
    );
    await expect(field(page.getByTestId('resource-1-1'), L.youtubeLink)).toHaveValue(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    );
    await expect(page.getByTestId('resource-1-2').getByRole('button', { name: L.viewPdf })).toBeVisible();
    await expect(
      page.getByTestId('resource-2-1').getByRole('button', { name: L.questionN(3), exact: true }),
    ).toBeVisible();
    // The question comes back where it was being written; closed on purpose, it is gone.
    await page.getByTestId('resource-2-1').getByRole('button', { name: L.addQuestion }).click();
    const halfWritten = page.getByRole('dialog', { name: L.addQuestion });
    await expect(field(halfWritten, L.question)).toHaveValue('Half a question');
    await expect(halfWritten.getByText(L.questionBack)).toBeVisible();
    await snapAtBothWidths(page, lang, 'question-restored', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(halfWritten).toBeHidden();
    await page.getByTestId('resource-2-1').getByRole('button', { name: L.addQuestion }).click();
    await expect(field(halfWritten, L.question)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(halfWritten).toBeHidden();
    await field(page, L.coursePhoto).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });

    // Save as a draft: the server's message, back to the board, a Draft card.
    await page.getByRole('button', { name: L.saveAsDraft }).click();
    await expect(toast(page, L.server.savedAsDraft)).toBeVisible();
    await expect(page).toHaveURL(/\/contributor\/dashboard$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('course-draft:new'))).toBeNull();
    const card = page.getByTestId('course-card').filter({ hasText: shownTitle });
    await expect(card.getByText(L.status.Draft, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'contributor-board');

    // The card opens the edit form in the modal; submitting the draft for review. Opened once the
    // draft's toast has gone, to show that a toast which comes while it is open is read (below).
    await expect(page.locator('.toaster [role="status"]')).toHaveCount(0);
    await card.getByRole('button', { name: L.viewDetails }).click();
    const edit = page.getByRole('dialog', { name: L.editCourse });
    await expect(field(edit, L.courseTitle)).toHaveValue(title);
    await expect(field(edit, L.courseTitleAr)).toHaveValue(titleAr);
    await expect(edit.getByRole('button', { name: L.editCourse, exact: true })).toBeVisible();
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'edit-course-modal', { fullPage: false });
    // A toast over the modal is read as well: the modal hides the page from screen readers, not the
    // announcer's live region, where its message alone is (decisions 144, 146; it was shown, unread),
    // nor the toast itself (roles search the accessibility tree).
    await field(edit, L.courseTitle).fill('');
    await edit.getByRole('button', { name: L.editCourse, exact: true }).click();
    const refused = toast(page, L.missingFields);
    await expect(refused).toBeVisible();
    await expect(edit).toBeVisible();
    const heard = page.locator('[aria-live="polite"]').filter({ hasText: L.missingFields });
    await expect(heard).toHaveText(L.missingFields);
    expect(await heard.evaluate((region) => region.closest('[aria-hidden="true"]'))).toBeNull();
    // WCAG checks with the toast over the modal: its close button, in reach, is in no hidden subtree.
    await expectAccessible(page);
    // Taken once the toast has come in (its entry fades it in). The toast: the nearest box around its
    // message that holds its close button.
    const refusedToast = refused.locator('xpath=ancestor::*[.//button][1]');
    await expect(refusedToast).toHaveCSS('opacity', '1');
    await snapAtBothWidths(page, lang, 'toast-over-edit-modal', { fullPage: false });
    // The keyboard reaches it in the modal (drawn inside it, decision 152): F8 from the modal's field,
    // and Escape closes the toast, not the modal, and gives the focus back to the field.
    await field(edit, L.courseTitle).focus();
    await page.keyboard.press('F8');
    const refusedClose = refusedToast.getByRole('button', { name: L.close });
    await expect(refusedClose).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(refused).toBeHidden();
    await expect(edit).toBeVisible();
    await expect(field(edit, L.courseTitle)).toBeFocused();
    // Shown again, its own button closes it; the press leaves the modal open.
    await edit.getByRole('button', { name: L.editCourse, exact: true }).click();
    await expect(refused).toBeVisible();
    await refusedClose.click();
    await expect(refused).toBeHidden();
    await expect(edit).toBeVisible();
    await field(edit, L.courseTitle).fill(title);
    // A question opened from the edit form covers it, overlay and all: the form's own close button
    // is under the question's overlay (it once stayed on top of it, both windows side by side).
    // Held from now: under the question the form leaves the accessibility tree that roles search.
    const editClose = await modalClose(edit, L.close).elementHandle();
    await edit.getByRole('button', { name: L.questionN(1), exact: true }).click();
    const question = page.getByRole('dialog', { name: L.questionN(1) });
    await expect(question).toBeVisible();
    expect(await editClose.evaluate(isUncovered)).toBe(false);
    await snapAtBothWidths(page, lang, 'question-over-edit-modal', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(edit).toBeVisible();
    // Focus is back on the button that opened the question, not on the page.
    await expect(edit.getByRole('button', { name: L.questionN(1), exact: true })).toBeFocused();
    expect(await editClose.evaluate(isUncovered)).toBe(true);
    await edit.getByRole('button', { name: L.submitForReview }).click();
    await expect(toast(page, L.server.submitted)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(card.getByText(L.status.Pending, { exact: true })).toBeVisible();

    // The admin approves it.
    await openSignedIn(page, await adminSession(request), '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: L.adminBoard })).toBeVisible();
    const row = page.getByTestId('course-row').filter({ hasText: shownTitle });
    await expect(row.getByText(L.status.Pending, { exact: true })).toBeVisible();
    await field(page, L.filterByStatus).selectOption('Pending');
    // The filtered page first, as below: a run beside others once found the menu, opened while it came,
    // closed (cause not found).
    await expect(
      page.getByTestId('course-row').locator('[data-status]:not([data-status="Pending"])'),
    ).toHaveCount(0);
    await row.getByRole('button', { name: L.actionsFor(shownTitle) }).click();
    await page.getByRole('menuitem', { name: L.approve }).click();
    await expect(toast(page, L.server.approved)).toBeVisible();
    await field(page, L.filterByStatus).selectOption('Approved');
    await expect(row.getByText(L.status.Approved, { exact: true })).toBeVisible();

    // A learner finds it, enrols, watches (the stored embed address) and takes the quiz.
    const learner = await createAccount(request, 'EndUser');
    await openSignedIn(page, learner, '/dashboard');
    await page.getByRole('button', { name: shownTitle }).click();
    await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
    await page.getByTestId('video-item').first().click();
    // The stored embed address, with the player API switched on for lesson completion (decision 033).
    await expect(
      page.locator(
        'iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?"][src*="enablejsapi=1"]',
      ),
    ).toHaveCount(1);
    await page.getByTestId('quiz-item').first().click();
    const taking = page.getByTestId('quiz');
    for (const item of QUIZ) {
      const option = item.options[item.correct];
      const label = lang === 'ar' && 'ar' in option ? option.ar : option.en;
      // Choosing an option records it and moves on to the next question.
      await taking.getByRole('radio', { name: label, exact: true }).click();
    }
    await taking.locator('button[type="submit"]').click();
    // The score, however the locale writes it ("100%", "100‎%‎", "١٠٠٪").
    await expect(page.getByText(/(100|١٠٠)[\s\u200e\u200f\u061c]*[%٪]/).first()).toBeVisible();
  });

  test('the admin reviews: revoke, availability, editing lock, archive and un-archive', async ({
    page,
    request,
    lang,
  }) => {
    test.setTimeout(180_000);
    const L = TEXT(lang);
    const stamp = Date.now().toString(36);
    const contributor = await createAccount(request, 'Contributor', {
      firstname: 'Rami',
      lastname: 'Reviewer',
    });
    const title = `Review journey ${lang} ${stamp}`;
    const shownTitle = lang === 'ar' ? `${title} (ع)` : title;
    await createVideoCourse(request, contributor.token, title);
    // Enough courses for a second page of the table.
    for (let n = 1; n <= 8; n += 1)
      await createVideoCourse(request, contributor.token, `Filler ${lang} ${stamp} ${n}`, { draft: true });

    const admin = await adminSession(request);
    await openSignedIn(page, admin, '/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: L.adminBoard })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: L.allCourses })).toBeVisible();
    await expect(page.getByRole('link', { name: L.addNewCourse })).toHaveAttribute(
      'href',
      '/course/add-course',
    );
    await expect(page.getByTestId('course-row')).toHaveCount(10);
    await expect(page.getByText(L.pageOf(1))).toBeVisible();
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'admin-board');

    // Next page, then sorting by title, then the status filter.
    await page.getByRole('button', { name: L.next }).click();
    await expect(page.getByTestId('course-row').first()).toBeVisible();
    const titleHeader = page.getByRole('columnheader', { name: L.titleColumn });
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    // Back to newest first, where each review action puts this course: sorted by title, the courses
    // other journeys add meanwhile could push it off the first page the server sends.
    const updatedHeader = page.getByRole('columnheader', { name: L.updatedColumn });
    await updatedHeader.getByRole('button').click();
    // The order is the address's (decision 097): read once the table shows the new one.
    await expect(updatedHeader).toHaveAttribute('aria-sort', /^(ascending|descending)$/);
    if ((await updatedHeader.getAttribute('aria-sort')) !== 'descending')
      await updatedHeader.getByRole('button').click();
    await expect(updatedHeader).toHaveAttribute('aria-sort', 'descending');
    await field(page, L.filterByStatus).selectOption('Pending');
    const row = page.getByTestId('course-row').filter({ hasText: shownTitle });
    await expect(row).toHaveCount(1);
    // Waits for the filtered page: a snapshot of the rows could still be the unfiltered page's.
    await expect(
      page.getByTestId('course-row').locator('[data-status]:not([data-status="Pending"])'),
    ).toHaveCount(0);

    // Other journeys add courses meanwhile: the status filter keeps this course on the first page.
    const show = async (status: keyof typeof L.status) => {
      await field(page, L.filterByStatus).selectOption(status);
      await expect(row.getByText(L.status[status], { exact: true })).toBeVisible();
    };
    /** Chooses a row action; one that asks first (`confirm`: the question) is then confirmed. */
    const act = async (action: string, message: string, then: keyof typeof L.status, confirm?: string) => {
      await row.getByRole('button', { name: L.actionsFor(shownTitle) }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: action, exact: true }).click();
      if (confirm) {
        const dialog = page.getByRole('alertdialog', { name: confirm });
        await expect(dialog.getByRole('button', { name: L.cancel })).toBeFocused();
        await dialog.getByRole('button', { name: action, exact: true }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(toast(page, message)).toBeVisible();
      await show(then);
    };
    const offered = async () => {
      await row.getByRole('button', { name: L.actionsFor(shownTitle) }).click();
      // Read once the menu shows, and go on once it has closed: an Escape pressed while the menu was
      // still opening could leave it open, and the next Enter on its button would close it.
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const items = await menu.getByRole('menuitem').allInnerTexts();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      return items;
    };

    // Pending: approve and reject with a note (decision 206) are offered, revoke is not.
    expect(await offered()).toEqual([L.viewCourse, L.approve, L.reject, L.disableEditing, L.archive]);
    await act(L.approve, L.server.approved, 'Approved');
    expect(await offered()).toEqual([L.viewCourse, L.revoke, L.makeUnavailable, L.disableEditing, L.archive]);
    // F8 reaches the toast from an open row menu, which closes (not modal, decision 155); Escape in the
    // toast gives the focus back to the menu's button. The pointer rests on the toast as soon as it
    // shows, so that it waits (3 s otherwise) however slow the steps.
    const actions = row.getByRole('button', { name: L.actionsFor(shownTitle) });
    await actions.click();
    await page.getByRole('menu').getByRole('menuitem', { name: L.makeUnavailable, exact: true }).click();
    const unavailable = toast(page, L.server.madeUnavailable);
    await unavailable.hover();
    await show('Approved');
    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('F8');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(
      unavailable.locator('xpath=ancestor::*[.//button][1]').getByRole('button', { name: L.close }),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(unavailable).toBeHidden();
    await expect(actions).toBeFocused();
    expect(await offered()).toContain(L.makeAvailable);
    await act(L.makeAvailable, L.server.madeAvailable, 'Approved');
    await act(L.revoke, L.server.revoked, 'Pending', L.revokeThisApproval);

    // Editing disabled: the contributor's form turns read-only; the admin can still save.
    await act(L.disableEditing, L.server.editingDisabled, 'Pending');
    expect(await offered()).toContain(L.enableEditing);
    // By keyboard: the menu opens on its first item, "View course".
    await row.getByRole('button', { name: L.actionsFor(shownTitle) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: L.viewCourse })).toBeFocused();
    await page.keyboard.press('Enter');
    const adminForm = page.getByRole('dialog', { name: L.editCourse });
    await expect(field(adminForm, L.courseTitle)).toHaveValue(title);
    await expect(adminForm.getByRole('button', { name: L.editCourse, exact: true })).toBeVisible();
    await expect(adminForm.getByTestId('editing-locked')).toHaveCount(0);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'admin-course-modal', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(adminForm).toBeHidden();
    // The focus is back on the row's button, not on the page: the reader goes on from the same row.
    await expect(row.getByRole('button', { name: L.actionsFor(shownTitle) })).toBeFocused();

    await openSignedIn(page, contributor, '/contributor/dashboard');
    const card = page.getByTestId('course-card').filter({ hasText: shownTitle });
    await card.getByRole('button', { name: L.viewDetails }).click();
    const locked = page.getByRole('dialog', { name: L.editCourse });
    await expect(locked.getByTestId('editing-locked')).toContainText(L.editingLocked);
    await expect(field(locked, L.courseTitle)).toBeDisabled();
    await expect(locked.getByRole('button', { name: L.editCourse, exact: true })).toHaveCount(0);
    await expect(locked.getByRole('button', { name: L.addSection })).toHaveCount(0);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'locked-course-modal', { fullPage: false });
    await locked.getByRole('button', { name: TEXT(lang).back }).click();
    await expect(locked).toBeHidden();

    // Archive and un-archive: it leaves the contributor's list and comes back for review.
    await openSignedIn(page, admin, '/admin/dashboard');
    await show('Pending');
    await act(L.enableEditing, L.server.editingEnabled, 'Pending');
    // Archiving asks first (decision 198): the alert dialog names the course, opens on Cancel, and
    // Cancel archives nothing, the focus back on the row's button.
    const rowActions = row.getByRole('button', { name: L.actionsFor(shownTitle) });
    await rowActions.click();
    await page.getByRole('menu').getByRole('menuitem', { name: L.archive, exact: true }).click();
    const asking = page.getByRole('alertdialog', { name: L.archiveThisCourse });
    await expect(asking.getByRole('button', { name: L.cancel })).toBeFocused();
    await expect(asking.locator('bdi', { hasText: shownTitle })).toHaveCount(1);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'admin-archive-confirm', { accessible: true, fullPage: false });
    // On a phone the dialog fits the screen: nothing sticks out sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    const box = await asking.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await asking.getByRole('button', { name: L.cancel }).click();
    await expect(asking).toBeHidden();
    await expect(rowActions).toBeFocused();
    await expect(row.getByText(L.status.Pending, { exact: true })).toBeVisible();
    // Confirmed: archived, and the row leaves the Pending table with the focus handed on to the row
    // (or the table) in its place, not dropped to the page.
    await rowActions.click();
    await page.getByRole('menu').getByRole('menuitem', { name: L.archive, exact: true }).click();
    await asking.getByRole('button', { name: L.archive, exact: true }).click();
    await expect(toast(page, L.server.archived)).toBeVisible();
    await expect(asking).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.locator('[data-row-actions]:focus, [role="region"]:focus')).toHaveCount(1);
    await show('Archived');
    expect(await offered()).toEqual([L.viewCourse, L.disableEditing, L.unarchive]);
    await openSignedIn(page, contributor, '/contributor/dashboard');
    await expect(page.getByTestId('course-card').first()).toBeVisible();
    await expect(page.getByTestId('course-card').filter({ hasText: shownTitle })).toHaveCount(0);
    await openSignedIn(page, admin, '/admin/dashboard');
    await show('Archived');
    await act(L.unarchive, L.server.unarchived, 'Pending');
  });

  test('a session that ends mid-edit loses nothing: the form is restored after signing in again', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Kept across sign-in ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    await startNewCourse(page, L, contributor, {
      title,
      description: 'Typed just before the session ended.',
    });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('course-draft:new') ?? ''))
      .toContain(title);

    // The session is revoked on the server (signed out elsewhere): the save is answered 401.
    const logout = await request.post('/api/v1/auth/logout', {
      headers: { authorization: `Bearer ${contributor.token}` },
    });
    expect(logout.ok()).toBe(true);
    await page.getByRole('button', { name: L.saveAsDraft }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcourse%2Fadd-course$/);

    await openSignedIn(
      page,
      await login(request, contributor.email, contributor.password),
      '/course/add-course',
    );
    await expect(page.getByText(L.restorePrompt)).toBeVisible();
    await page.getByRole('button', { name: L.restore, exact: true }).click();
    await expect(field(page, L.courseTitle)).toHaveValue(title);
    await expect(field(page, L.courseDescription)).toHaveValue('Typed just before the session ended.');
    await field(page, L.coursePhoto).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });
    await page.getByRole('button', { name: L.saveAsDraft }).click();
    await expect(toast(page, L.server.savedAsDraft)).toBeVisible();
    await expect(page.getByTestId('course-card').filter({ hasText: title })).toBeVisible();
  });

  test('a creation whose answer was lost is made once, with what the author changed before trying again and the button pressed then', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Answer lost ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    await startNewCourse(page, L, contributor, { title, description: 'Sent once, its answer lost.' });

    // The first try reaches the server and is made; its answer is lost on the way back, as when the
    // database connection drops just after the commit (decisions 153, 154). The tries after it pass.
    let tries = 0;
    await page.route('**/api/v1/course/new', async (route) => {
      tries += 1;
      if (tries > 1) return route.continue();
      const made = await route.fetch();
      expect(made.status()).toBe(201);
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'DATABASE_UNAVAILABLE',
          message: 'Database unavailable',
        }),
      });
    });
    await page.getByRole('button', { name: L.saveAsDraft }).click();
    await expect(toast(page, L.saveFailed)).toBeVisible();

    // The author fixes the title, then tries again, this time submitting it for review.
    await field(page, L.courseTitle).fill(`${title}, revised`);
    await page.getByRole('button', { name: L.addCourse }).click();
    await expect(toast(page, L.server.submitted)).toBeVisible();
    expect(tries).toBe(2);
    // One course, with the title typed last, submitted.
    const cards = page.getByTestId('course-card');
    await expect(cards.filter({ hasText: `${title}, revised` })).toContainText(L.status.Pending);
    await expect(cards).toHaveCount(1);
  });

  test('changes kept on this device are offered with a warning once the saved course has changed since', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Changed elsewhere ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    const courseId = await createVideoCourse(request, contributor.token, title);
    const draftKey = `course-draft:${courseId}`;
    const openForm = async () => {
      await openSignedIn(page, contributor, '/contributor/dashboard');
      const card = page.getByTestId('course-card').filter({ hasText: title });
      await card.getByRole('button', { name: L.viewDetails }).click();
      return page.getByRole('dialog', { name: L.editCourse });
    };

    // Edited here and left unsaved; kept on this device.
    let form = await openForm();
    await field(form, L.courseTitle).fill(`${title} (typed here)`);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', draftKey))
      .toContain('typed here');

    // Meanwhile the saved course changes: an administrator locks its editing and unlocks it again (not
    // an approval: the course stays out of the learners' catalogue, whose first page other specs read).
    const admin = await adminSession(request);
    for (let i = 0; i < 2; i += 1) {
      const toggled = await request.get(`/api/v1/course/toggle-editing/${courseId}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(toggled.status()).toBe(200);
    }

    form = await openForm();
    await expect(form.getByText(L.restorePrompt)).toBeVisible();
    await expect(form.getByTestId('restore-draft-older')).toHaveText(L.changedSince);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'course-form-restore-older', { fullPage: false });
    // Discarding keeps the saved version and forgets the device's copy.
    await form.getByRole('button', { name: L.discard, exact: true }).click();
    await expect(field(form, L.courseTitle)).toHaveValue(title);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), draftKey)).toBeNull();
  });

  test('the open edit form is in the address: a reload finds it with the changes offered, and Back closes it on the board', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Edit in the address ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    const courseId = await createVideoCourse(request, contributor.token, title, { draft: true });
    // The board is reached from another page, so that a Back too many would show it.
    await openSignedIn(page, contributor, '/');
    await page.goto('/contributor/dashboard');
    const board = new RegExp(`/contributor/dashboard$`);
    const card = page.getByTestId('course-card').filter({ hasText: title });
    const dialog = page.getByRole('dialog', { name: L.editCourse });
    const openForm = async () => {
      await card.getByRole('button', { name: L.viewDetails }).click();
      await expect(page).toHaveURL(new RegExp(`/contributor/dashboard\\?edit=${courseId}$`));
      await expect(field(dialog, L.courseTitle)).toHaveValue(title);
    };

    await openForm();
    await field(dialog, L.courseTitle).fill(`${title} (typed here)`);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `course-draft:${courseId}`))
      .toContain('typed here');
    await page.reload();
    await expect(dialog.getByText(L.restorePrompt)).toBeVisible();
    await dialog.getByRole('button', { name: L.restore, exact: true }).click();
    await expect(field(dialog, L.courseTitle)).toHaveValue(`${title} (typed here)`);

    // The browser's (or the phone's) Back closes the form and stays on the board; with the changes
    // unsaved it asks first, on the same page (decision 199).
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: L.leaveWithoutSaving });
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contributor/dashboard\\?edit=${courseId}$`));
    await leave.getByRole('button', { name: L.discardChanges }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(board);
    await expect(card).toBeVisible();

    // The form's own close, pressed twice before the address moves, goes Back once.
    await openForm();
    await dialog.getByRole('button', { name: L.back, exact: true }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(board);
    await expect(card.getByRole('button', { name: L.viewDetails })).toBeFocused();
  });

  test('a course deleted from its form leaves the board, and the focus goes to the board’s heading', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Deleted by keyboard ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    await createVideoCourse(request, contributor.token, title);
    await openSignedIn(page, contributor, '/contributor/dashboard');
    const card = page.getByTestId('course-card').filter({ hasText: title });
    await card.getByRole('button', { name: L.viewDetails }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: L.editCourse });
    await expect(field(form, L.courseTitle)).toHaveValue(title);
    await form.getByRole('button', { name: L.deleteCourse }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: L.deleteThisCourse });
    await confirm.getByRole('button', { name: L.deleteCourse }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, L.server.archived)).toBeVisible();
    await expect(card).toHaveCount(0);
    // Its card, whose button opened the form, is gone: the reader goes on from the board's heading,
    // not from the top of the document.
    await expect(page.getByRole('heading', { level: 1, name: L.yourCourses })).toBeFocused();
  });

  test('Tab going round the course form, taller than the window, never leaves the focus out of sight', async ({
    page,
    request,
    lang,
  }) => {
    const L = TEXT(lang);
    const title = `Round the form ${lang} ${Date.now().toString(36)}`;
    const contributor = await createAccount(request, 'Contributor');
    await createVideoCourse(request, contributor.token, title);
    await openSignedIn(page, contributor, '/contributor/dashboard');
    const card = page.getByTestId('course-card').filter({ hasText: title });
    await card.getByRole('button', { name: L.viewDetails }).click();
    const form = page.getByRole('dialog', { name: L.editCourse });
    await expect(field(form, L.courseTitle)).toHaveValue(title);
    const back = form.getByRole('button', { name: L.back });
    const deleteCourse = form.getByRole('button', { name: L.deleteCourse });
    await expect(deleteCourse).not.toBeInViewport();
    // Radix's focus trap moves the focus round without scrolling (components/ui/modal.tsx): Delete
    // Course stayed 2,500 px down in the modal's scrolling box, where no one saw it.
    await back.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(deleteCourse).toBeFocused();
    await expect(deleteCourse).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Tab');
    await expect(back).toBeFocused();
    await expect(back).toBeInViewport({ ratio: 1 });
  });

  test('the header box searches a contributor’s board and the administrators’ table', async ({
    page,
    request,
    lang,
    t,
  }) => {
    const stamp = Date.now().toString(36);
    const surname = `Qahtani${lang}${stamp}`;
    const contributor = await createAccount(request, 'Contributor', { firstname: 'آمنة', lastname: surname });
    const found = `Soil moisture ${lang}${stamp}`;
    await createVideoCourse(request, contributor.token, found);
    await createVideoCourse(request, contributor.token, `Another course ${lang}${stamp}`);
    const box = page.getByRole('searchbox', { name: t('Search courses') });
    const nothing = page.getByTestId('no-search-results');

    // The contributor's board: the term narrows the cards to the course; nothing found can be cleared.
    await openSignedIn(page, contributor, '/contributor/dashboard');
    const cards = page.getByTestId('course-card');
    await expect(cards).toHaveCount(2);
    await box.fill(`soil MOISTURE ${lang}${stamp}`);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(found);
    await expect(page).toHaveURL(/\?q=soil/);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'contributor-board-search', { fullPage: false });
    await box.fill(`nothing ${stamp}`);
    await expect(nothing).toContainText(`nothing ${stamp}`);
    await expect(cards).toHaveCount(0);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'contributor-board-search-none', { fullPage: false });
    await nothing.getByRole('button', { name: t('Clear search') }).click();
    await expect(cards).toHaveCount(2);
    await expect(box).toHaveValue('');

    // The administrators' table: every status; the same term finds the contributor's pending course.
    await openSignedIn(page, await adminSession(request), `/admin/dashboard?q=${encodeURIComponent(found)}`);
    await expect(box).toHaveValue(found);
    const rows = page.getByTestId('course-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(found);
    await expectAccessible(page);
    await snapAtBothWidths(page, lang, 'admin-board-search', { fullPage: false });
    // ... and by the contributor's name, Arabic spelling folded: both of their courses.
    await box.fill(`امنه ${surname.toUpperCase()}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(surname);
  });

  test('the authoring code is not loaded by the landing page or the learner pages', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(`${response.url()}\n${await response.text()}`);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const learner = await createAccount(request, 'EndUser');
    await openSignedIn(page, learner, '/dashboard');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const url = script.split('\n')[0]!;
      expect(url).not.toMatch(/(course-form|add-course|admin-dashboard|contributor-dashboard)-/);
      // Literals only the authoring code has: its autosave key and its create call.
      expect(script, url).not.toContain('course-draft:');
      expect(script, url).not.toContain('/course/new');
    }
  });
});
