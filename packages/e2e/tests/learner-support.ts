import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import { adminSession, createAccount, expect, type Account } from '../src/fixtures.ts';

/**
 * Support for the learner journeys: real PDFs built here (a multi-page one and a password-protected
 * one), a course created by a contributor and approved by the admin through the public API, and the
 * interface strings the specs look for in each language.
 */

// ---------- PDFs ----------

const pdfString = (text: string) => text.replace(/[()\\]/g, '');

/** Serialises PDF objects with a correct cross-reference table; `trailerExtra` goes into the trailer. */
function assemblePdf(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(part);
    length += part.length;
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  chunks.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(chunks);
}

/** Objects of a document with one page per text: catalog, pages, font, then page + content pairs. */
function pageObjects(texts: string[], encrypt?: (objectNumber: number, data: Buffer) => Buffer) {
  const pageIds = texts.map((_, index) => 4 + index * 2);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${texts.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  texts.forEach((text, index) => {
    const contentId = 5 + index * 2;
    let content: Buffer = Buffer.from(`BT /F1 28 Tf 40 120 Td (${pdfString(text)}) Tj ET`, 'latin1');
    if (encrypt) content = encrypt(contentId, content);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 260] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    objects.push(
      Buffer.concat([
        Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
        content,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  return objects;
}

/** A real PDF with one page per text (opens in pdf.js). */
export function multiPagePdf(texts: string[]): Buffer {
  return assemblePdf(pageObjects(texts));
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);

/**
 * A PDF that opens only with `password`: the PDF standard security handler, revision 2 (40-bit RC4),
 * which pdf.js supports (PDF 1.4 reference, algorithms 3.1–3.4).
 */
export function passwordProtectedPdf(texts: string[], password: string): Buffer {
  const permissions = -4;
  const fileId = createHash('md5')
    .update(`e2e-${password}-${texts.join('|')}`)
    .digest();
  const ownerKey = md5(padded(`${password}-owner`)).subarray(0, 5);
  const o = rc4(ownerKey, padded(password));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(password), o, p, fileId).subarray(0, 5);
  const u = rc4(key, PADDING);
  const encrypt = (objectNumber: number, data: Buffer) => {
    const suffix = Buffer.from([
      objectNumber & 255,
      (objectNumber >> 8) & 255,
      (objectNumber >> 16) & 255,
      0,
      0,
    ]);
    return rc4(md5(key, suffix).subarray(0, 10), data);
  };
  const objects = pageObjects(texts, encrypt);
  objects.push(
    `<< /Filter /Standard /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${permissions} >>`,
  );
  const id = fileId.toString('hex');
  return assemblePdf(objects, `/Encrypt ${objects.length} 0 R /ID [<${id}> <${id}>] `);
}

/** A 1×1 PNG cover. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// ---------- a course of our own ----------

export const PDF_PASSWORD = 'open-sesame';
/** Five questions: "Right n" is correct, so 4 right answers score exactly the certificate's 80 %. */
export const QUIZ_SIZE = 5;

/** The test course's own item titles (its data; interface wording comes from the web catalogues). */
export const ITEM_TITLES = {
  video: { en: 'Welcome video', ar: 'فيديو الترحيب' },
  pdf: { en: 'Two-page reading', ar: 'قراءة من صفحتين' },
  quiz: { en: 'Data quiz', ar: 'اختبار البيانات' },
} as const;

/** An item of the viewer's course content, by its title. */
export const itemButton = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('button', { name: new RegExp(name) });

/** Opens `course` in the viewer and waits for its title, in the page's language. */
export async function openInViewer(page: Page, lang: Language, course: TestCourse) {
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    lang === 'ar' ? course.titleAr : course.title,
  );
}

export interface TestCourse {
  id: string;
  title: string;
  titleAr: string;
  /** An Arabic spelling of the title with other alef forms, taa marbuta as haa, and diacritics. */
  arabicQuery: string;
  videoId: string;
  pdfId: string;
  protectedPdfId: string;
  quizId: string;
}

/** Uploads a PDF as `token`'s user; its address, for a course's PDF lesson. */
export async function uploadPdf(request: APIRequestContext, token: string, name: string, buffer: Buffer) {
  const response = await request.post('/api/v1/files', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'application/pdf', buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { secure_url: string } }).data.secure_url;
}

/** Creates (as a new contributor) and approves (as the admin) a course with a unique title. */
/** `extra` adds or replaces course fields (e.g. `{ license: 'CC-BY-SA-4.0' }`). */
export async function createApprovedCourse(
  request: APIRequestContext,
  extra: Record<string, unknown> = {},
): Promise<TestCourse> {
  const contributor = await createAccount(request, 'Contributor');
  const admin = await adminSession(request);
  const unique = `${Date.now() % 100000}${Math.floor(Math.random() * 90 + 10)}`;
  const title = `Research Data Management ${unique}`;
  const titleAr = `أساسيّات إدارة البيانات البحثية ${unique}`;
  const arabicQuery = `اساسيات ادارَه البيانات البحثيه ${unique}`;
  const pdf = await uploadPdf(
    request,
    contributor.token,
    'reading.pdf',
    multiPagePdf(['Page one: plan', 'Page two: share']),
  );
  const lockedPdf = await uploadPdf(
    request,
    contributor.token,
    'locked.pdf',
    passwordProtectedPdf(['Protected notes'], PDF_PASSWORD),
  );
  const quiz = Array.from({ length: QUIZ_SIZE }, (_, index) => ({
    question: `Question text ${index + 1}?`,
    question_tr: `نص السؤال ${index + 1}؟`,
    options: [
      { name: `Right ${index + 1}`, name_tr: `صحيح ${index + 1}` },
      { name: `Wrong ${index + 1}`, name_tr: `خطأ ${index + 1}` },
    ],
    correctanswer: `Right ${index + 1}`,
  }));
  const body = {
    ...extra,
    title,
    title_tr: titleAr,
    description: 'How to plan, document and share research data.',
    description_tr: 'كيف تخطط لبيانات البحث وتوثقها وتشاركها.',
    author: 'E2E Author',
    coursesection: [
      {
        title: 'Getting started',
        title_tr: 'البداية',
        description: 'Watch and read.',
        description_tr: 'شاهد واقرأ.',
        resources: [
          {
            type: 'video',
            title: ITEM_TITLES.video.en,
            title_tr: ITEM_TITLES.video.ar,
            description: 'A short welcome to data management.',
            description_tr: 'ترحيب قصير بإدارة البيانات.',
            link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
          },
          {
            type: 'pdf',
            title: ITEM_TITLES.pdf.en,
            title_tr: ITEM_TITLES.pdf.ar,
            description: 'The notes.',
            description_tr: 'الملاحظات.',
            file: pdf,
          },
          {
            type: 'pdf',
            title: 'Protected reading',
            title_tr: 'قراءة محمية',
            description: 'Needs a password.',
            description_tr: 'تحتاج إلى كلمة مرور.',
            file: lockedPdf,
          },
        ],
      },
      {
        title: 'Check yourself',
        title_tr: 'اختبر نفسك',
        description: 'A quiz.',
        description_tr: 'اختبار.',
        resources: [
          {
            type: 'quiz',
            title: ITEM_TITLES.quiz.en,
            title_tr: ITEM_TITLES.quiz.ar,
            description: 'Five questions.',
            description_tr: 'خمسة أسئلة.',
            quiz,
          },
        ],
      },
    ],
  };
  const course = await publishCourse(request, { contributor: contributor.token, admin: admin.token }, body);
  const [first, second] = course.course_section;
  return {
    id: course._id,
    title,
    titleAr,
    arabicQuery,
    videoId: first!.resources[0]!._id,
    pdfId: first!.resources[1]!._id,
    protectedPdfId: first!.resources[2]!._id,
    quizId: second!.resources[0]!._id,
  };
}

interface CreatedCourse {
  _id: string;
  course_section: { resources: { _id: string }[] }[];
}

/** A course created from `body` (with a cover) by the contributor whose token this is, as its form would. */
export async function createCourse(
  request: APIRequestContext,
  token: string,
  body: object,
): Promise<CreatedCourse> {
  const created = await request.post('/api/v1/course/new', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'cover.png', mimeType: 'image/png', buffer: TINY_PNG },
      body: JSON.stringify(body),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { data: { course: CreatedCourse } }).data.course;
}

/** A section of one video and no upload: the quickest course content to make. */
export const ONE_VIDEO_SECTION = {
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
};

/**
 * A course of one section with one video, created by the contributor whose token this is, as its form
 * would: Pending review, or a Draft with `draft`. Its Arabic title is the English one with " (ع)". Its id.
 */
export async function createVideoCourse(
  request: APIRequestContext,
  token: string,
  title: string,
  { draft = false } = {},
): Promise<string> {
  const course = await createCourse(request, token, {
    title,
    title_tr: `${title} (ع)`,
    description: 'A course made by an end-to-end test.',
    author: 'E2E Author',
    ...(draft ? { status: 'Draft' } : {}),
    coursesection: [ONE_VIDEO_SECTION],
  });
  return course._id;
}

/** A course created from `body` (with a cover) by the contributor and approved by the administrator. */
export async function publishCourse(
  request: APIRequestContext,
  tokens: { contributor: string; admin: string },
  body: object,
): Promise<CreatedCourse> {
  const course = await createCourse(request, tokens.contributor, body);
  const approved = await request.get(`/api/v1/course/approve/${course._id}`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return course;
}

export async function enrol(request: APIRequestContext, account: Account, courseId: string) {
  const response = await request.get(`/api/v1/course/enroll/${courseId}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// ---------- interface strings ----------

/** The English source texts of the interface wording the learner journeys read (web catalogues). */
const STRINGS = {
  availableCourses: 'Available Courses',
  searchCourses: 'Search courses',
  startLearning: 'Start Learning',
  enrolled: 'Enrolled',
  clearSearch: 'Clear search',
  yourProgress: 'Your Progress',
  courseContent: 'Course content',
  courseContentButton: 'Course Content',
  courseDescription: 'Course description',
  courseMenu: 'Course menu',
  backToDashboard: 'Back to dashboard',
  next: 'Next',
  previous: 'Previous',
  nextPage: 'Next page',
  submit: 'Submit',
  retake: 'ReTake Quiz',
  yourCertificate: 'Your certificate',
  downloadCertificate: 'Download certificate',
  passwordPrompt: 'Enter the password to open this PDF file.',
  wrongPassword: 'Invalid password. Please try again.',
  open: 'Open',
  somethingWentWrong: 'Something went wrong!',
  dashboardError: 'We encountered an error while fetching course(s).',
  viewerError: 'We encountered an error while fetching your courses',
  tryAgain: 'Try again',
  retriesByItself: 'We will try again by ourselves as soon as the server answers.',
  opensByItself: 'We could not reach the server. The page will open by itself as soon as the server answers.',
  notEnrolled: 'You are not enrolled in this course',
  notFound: 'Course not found',
  logOut: 'Log Out',
} as const;

export type StringKey = keyof typeof STRINGS;
/** Those strings in the project's language. */
export const strings = (lang: Language) => {
  const t = translator(lang);
  return Object.fromEntries(Object.entries(STRINGS).map(([key, source]) => [key, t(source)])) as Record<
    StringKey,
    string
  >;
};

/** "Page 2 of 2" (the PDF viewer), "Question 1 of 5" in the page's language. */
export const pageOf = (lang: Language, page: number, pages: number) =>
  translator(lang)('Page {pageNumber} of {numPages}', { pageNumber: page, numPages: pages });
export const questionOf = (lang: Language, n: number, total: number) =>
  translator(lang)('Question {number} of {total}', { number: n, total });
/** The quiz options' text: course data that createApprovedCourse writes, not interface wording. */
export const optionLabel = (lang: Language, right: boolean, n: number) =>
  lang === 'ar' ? `${right ? 'صحيح' : 'خطأ'} ${n}` : `${right ? 'Right' : 'Wrong'} ${n}`;
