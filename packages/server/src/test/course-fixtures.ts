import { randomUUID } from 'node:crypto';
import type { CourseInput } from '@app/shared';
import type { TestApp } from './test-app.ts';
import type { TestUser } from './factories.ts';

/**
 * Building blocks for course tests (reused by the e2e and other suites as ideas): tiny real files,
 * a multipart body builder for `inject`, a valid course body, and "create through the API" helpers.
 */

/** A 1×1 PNG (decodes in browsers). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1×1 baseline JPEG (decodes in browsers). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAx' +
    'NDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAI' +
    'AQEAAD8AVN//2Q==',
  'base64',
);

/** A one-page PDF showing `text`, with a correct cross-reference table (opens in pdf.js). */
export function tinyPdf(text = 'Open Science'): Buffer {
  const content = `BT /F1 24 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type?: string;
}

/**
 * A multipart/form-data payload for `app.inject`: the platform's FormData encoded by Response gives
 * the exact bytes and the boundary a browser would send. Parts as an object, or as a list of
 * name/value pairs where a name may come more than once.
 */
export async function multipart(
  parts: Record<string, string | FilePart | undefined> | [string, string | FilePart][],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Array.isArray(parts) ? parts : Object.entries(parts)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([value.data], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const pngCover: FilePart = { data: TINY_PNG, filename: 'cover.png', type: 'image/png' };
export const jpegCover: FilePart = { data: TINY_JPEG, filename: 'cover.jpg', type: 'image/jpeg' };

/** Uploads a file through POST /files and returns the response body's `data`. */
export async function uploadFile(t: TestApp, user: TestUser, file: FilePart) {
  const form = await multipart({ file });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: { ...user.auth, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json<{
    data: { _id: string; secure_url: string; content_type: string; size: number };
  }>().data;
}

export const QUIZ_ANSWERS = ['Open data', 'Reproducibility', 'A licence'] as const;

/**
 * A valid course body: two sections; a video and a PDF in the first, a three-question quiz in the
 * second. `pdfUrl` is the `secure_url` of a PDF uploaded through POST /files.
 */
export function courseBody(pdfUrl: string, overrides: Partial<CourseInput> = {}): CourseInput {
  return {
    title: 'Introduction to Open Science',
    title_tr: 'مقدمة في العلوم المفتوحة',
    description: 'Why sharing data and methods makes research better.',
    description_tr: 'لماذا تجعل مشاركة البيانات والأساليب البحث أفضل.',
    author: 'Open Science Community',
    license: 'CC-BY-4.0',
    coursesection: [
      {
        title: 'Getting started',
        title_tr: 'البداية',
        description: 'What open science means.',
        description_tr: 'ما معنى العلوم المفتوحة.',
        resources: [
          {
            type: 'video',
            title: 'Welcome',
            title_tr: 'مرحبًا',
            description: 'A short welcome.',
            description_tr: 'ترحيب قصير.',
            link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
          {
            type: 'pdf',
            title: 'Reading',
            title_tr: 'قراءة',
            description: 'The course notes.',
            description_tr: 'ملاحظات الدورة.',
            file: pdfUrl,
          },
        ],
      },
      {
        title: 'Check yourself',
        title_tr: 'اختبر نفسك',
        description: 'A short quiz.',
        description_tr: 'اختبار قصير.',
        resources: [
          {
            type: 'quiz',
            title: 'Quiz one',
            title_tr: 'الاختبار الأول',
            description: 'Three questions.',
            description_tr: 'ثلاثة أسئلة.',
            quiz: [
              question('What can be shared openly?', QUIZ_ANSWERS[0], ['Open data', 'Passwords']),
              question('What does openness improve?', QUIZ_ANSWERS[1], [
                'Secrecy',
                'Reproducibility',
                'Nothing',
              ]),
              question('What makes reuse legal?', QUIZ_ANSWERS[2], ['A licence', 'A rumour', 'Luck', 'Hope']),
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

function question(text: string, correct: string, options: string[]) {
  return {
    question: text,
    question_tr: `${text} (ar)`,
    options: options.map((name) => ({ name, name_tr: `${name} (ar)` })),
    correctanswer: correct,
  };
}

/** The parts of a course (as the API returns it) that the helpers below rely on. */
export interface CourseShape {
  _id: string;
  course_section: {
    _id: string;
    resources: {
      _id: string;
      type: string;
      file: string | null;
      link: string | null;
      /** Single choice in these fixtures; other question types have no `correctanswer` text. */
      quiz: { _id: string; correctanswer?: string }[] | null;
    }[];
  }[];
}

export interface CreatedCourse extends CourseShape {
  status: string;
  [key: string]: unknown;
}

/**
 * Sends POST /course/new with a cover, `body` (an object is JSON-encoded; a string is sent as is) and
 * optional headers (`idempotency-key`).
 */
export async function postCourse(
  t: TestApp,
  user: TestUser,
  body: unknown,
  /** null sends no file part at all. */
  cover: FilePart | null = pngCover,
  headers: Record<string, string> = {},
) {
  const form = await multipart({
    file: cover ?? undefined,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/course/new',
    headers: { ...user.auth, ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Sends PATCH /course/:id with `body`, an optional new cover and optional headers (`if-match`). */
export async function patchCourse(
  t: TestApp,
  user: TestUser,
  courseId: string,
  body: unknown,
  cover?: FilePart,
  headers: Record<string, string> = {},
) {
  const form = await multipart({
    file: cover,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/course/${courseId}`,
    headers: { ...user.auth, ...headers, ...form.headers },
    payload: form.payload,
  });
}

/** Uploads a PDF and creates a valid course as `user`; returns the created course. */
export async function createCourse(
  t: TestApp,
  user: TestUser,
  overrides: Partial<CourseInput> = {},
): Promise<CreatedCourse> {
  const pdf = await uploadFile(t, user, { data: tinyPdf(), filename: 'notes.pdf', type: 'application/pdf' });
  const response = await postCourse(t, user, courseBody(pdf.secure_url, overrides));
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: { course: CreatedCourse } }>().data.course;
}

/** GETs an admin action route (approve, pending, archive, toggle-available, toggle-editing). */
export function courseAction(t: TestApp, user: TestUser, action: string, courseId: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/course/${action}/${courseId}`, headers: user.auth });
}

/** A course as learners find it: created by `owner`, approved by `admin`. */
export async function createApprovedCourse(
  t: TestApp,
  owner: TestUser,
  admin: TestUser,
  overrides: Partial<CourseInput> = {},
): Promise<CreatedCourse> {
  const course = await createCourse(t, owner, overrides);
  const approved = await courseAction(t, admin, 'approve', course._id);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return { ...course, status: 'Approved' };
}

/** The quiz resource of a course built from `courseBody`. */
export function quizOf(course: CourseShape) {
  const quiz = course.course_section.flatMap((section) => section.resources).find((r) => r.type === 'quiz');
  if (!quiz?.quiz) throw new Error('course has no quiz');
  return { resourceId: quiz._id, questions: quiz.quiz };
}

/** Answers for a quiz from `courseBody`: the first `correct` questions right, the rest wrong. */
export function answers(course: CourseShape, correct: number) {
  const { resourceId, questions } = quizOf(course);
  return {
    resourceId,
    quizAnswers: questions.map((q, index) => ({
      _id: q._id,
      answer: index < correct ? (q.correctanswer ?? '') : `wrong ${randomUUID()}`.slice(0, 20),
    })),
  };
}

/** `user` submits the quiz of `course` (from `courseBody`) with the first `correct` answers right. */
export function submitAttempt(t: TestApp, user: TestUser, course: CourseShape, correct: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/course/exercise-score/${course._id}`,
    headers: user.auth,
    payload: answers(course, correct),
  });
}

/** The id of the first lesson of `type` in a course built from `courseBody` (a video and a PDF). */
export function lessonOf(course: CourseShape, type: 'video' | 'pdf'): string {
  const lesson = course.course_section.flatMap((section) => section.resources).find((r) => r.type === type);
  if (!lesson) throw new Error(`course has no ${type}`);
  return lesson._id;
}

/** The video lesson of a course built from `courseBody`. */
export const videoOf = (course: CourseShape): string => lessonOf(course, 'video');

/** `user` marks the lesson `resourceId` of course `courseId` done. */
export function completeLesson(
  t: Pick<TestApp, 'app'>,
  user: TestUser,
  courseId: string,
  resourceId: string,
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/user/course/${courseId}/completion/${resourceId}`,
    headers: user.auth,
  });
}
