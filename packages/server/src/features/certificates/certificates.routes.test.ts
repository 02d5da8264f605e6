import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseStatus } from '@app/shared';
import { courseSections, courses, quizScores, resources } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

/**
 * Courses are written with drizzle here (authoring and review have their own suites); learners enrol
 * and answer quizzes through the public API, as the browser does.
 */
async function createCourse(
  t: TestApp,
  owner: TestUser,
  {
    status = 'Approved',
    quizzes = 2,
    title = 'Open Data Basics',
    titleTr = 'أساسيات البيانات المفتوحة',
  }: { status?: CourseStatus; quizzes?: number; title?: string; titleTr?: string | null } = {},
) {
  const [course] = await t.db
    .insert(courses)
    .values({
      title,
      titleTr,
      description: 'A course',
      author: 'Author',
      status,
      createdBy: owner.id,
    })
    .returning({ id: courses.id });
  const [section] = await t.db
    .insert(courseSections)
    .values({ courseId: course!.id, position: 0, title: 'Intro', description: 'Intro' })
    .returning({ id: courseSections.id });
  const quizIds: string[] = [];
  for (let i = 0; i < quizzes; i++) quizIds.push(await addQuiz(t, course!.id, section!.id, i));
  return { id: course!.id, sectionId: section!.id, quizIds };
}

async function addQuiz(t: TestApp, courseId: string, sectionId: string, position: number) {
  const [quiz] = await t.db
    .insert(resources)
    .values({
      sectionId,
      courseId,
      position,
      type: 'quiz',
      title: `Quiz ${position}`,
      description: 'Quiz',
      quiz: [
        {
          _id: `q${position}`,
          question: 'Two plus two?',
          question_tr: null,
          options: [
            { name: '4', name_tr: '٤' },
            { name: '5', name_tr: '٥' },
          ],
          correctanswer: '4',
        },
      ],
    })
    .returning({ id: resources.id });
  return quiz!.id;
}

async function enrol(t: TestApp, user: TestUser, courseId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/course/enroll/${courseId}`,
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
}

/** Answers the one question of quiz number `position` (see addQuiz) right or wrong. */
async function answerQuiz(
  t: TestApp,
  user: TestUser,
  course: { id: string; quizIds: string[] },
  position: number,
  correct: boolean,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/course/exercise-score/${course.id}`,
    headers: user.auth,
    payload: {
      resourceId: course.quizIds[position],
      quizAnswers: [{ _id: `q${position}`, answer: correct ? '4' : '5' }],
    },
  });
  expect(response.statusCode).toBe(200);
}

/** Best scores written directly, for fractions a one-question quiz cannot produce. */
async function setBestScores(t: TestApp, user: TestUser, courseId: string, scores: Record<string, number>) {
  for (const [resourceId, bestScore] of Object.entries(scores))
    await t.db
      .insert(quizScores)
      .values({ userId: user.id, resourceId, courseId, bestScore })
      .onConflictDoUpdate({ target: [quizScores.userId, quizScores.resourceId], set: { bestScore } });
}

const getCertificate = (t: TestApp, user: TestUser | null, courseId: string, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/certificate/${courseId}`,
    headers: { ...(user ? user.auth : {}), 'accept-language': lang },
  });

/** The text of every compressed stream of a PDF (pdfkit deflates its content and font maps). */
function inflatedStreams(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      texts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not deflated (e.g. an uncompressed stream): nothing to read here.
    }
  }
  return texts.join('\n');
}

describe('certificates', () => {
  let t: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    author = await createUser(t, 'Contributor');
  });
  afterAll(() => t.close());

  it('refuses below the threshold with CERTIFICATE_NOT_EARNED, in the caller’s language', async () => {
    const learner = await createUser(t);
    const course = await createCourse(t, author);
    await enrol(t, learner, course.id);
    await answerQuiz(t, learner, course, 0, true);
    await answerQuiz(t, learner, course, 1, false);

    const english = await getCertificate(t, learner, course.id);
    expect(english.statusCode).toBe(403);
    expect(english.json()).toMatchObject({ success: false, code: 'CERTIFICATE_NOT_EARNED' });
    expect(english.json<{ message: string }>().message).toContain('80%');
    expect(english.json<{ message: string }>().message).toContain('50%');

    const arabic = await getCertificate(t, learner, course.id, 'ar');
    expect(arabic.statusCode).toBe(403);
    expect(arabic.json<{ message: string }>().message).toMatch(/نتيجة/);
  });

  it('does not round 79.5 up to the 80 it falls short of', async () => {
    const learner = await createUser(t);
    const course = await createCourse(t, author);
    await enrol(t, learner, course.id);
    await setBestScores(t, learner, course.id, { [course.quizIds[0]!]: 100, [course.quizIds[1]!]: 59 });

    const response = await getCertificate(t, learner, course.id);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toContain('(your score is 79%)');
  });

  it('issues the certificate at 80 or more, once, and the verification address names the learner', async () => {
    const learner = await createUser(t, 'EndUser', { firstname: 'Ada', lastname: 'Lovelace' });
    const course = await createCourse(t, author, {
      title: 'Reproducible Research',
      titleTr: null,
      quizzes: 5,
    });
    await enrol(t, learner, course.id);
    // Four of five quizzes right: exactly 80.
    for (const position of [0, 1, 2, 3, 4]) await answerQuiz(t, learner, course, position, position < 4);

    const first = await getCertificate(t, learner, course.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('inline; filename="certificate.pdf"');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const id = first.headers['x-certificate-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await getCertificate(t, learner, course.id);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-certificate-id']).toBe(id);

    const verified = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${String(id)}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      data: {
        _id: id,
        courseId: course.id,
        name: 'Ada Lovelace',
        orcid: null,
        course_title: 'Reproducible Research',
        course_title_tr: null,
        issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      },
    });
    // The PDF is this certificate (its metadata names the id).
    expect(first.rawPayload.toString('latin1')).toContain(`Certificate ${String(id)}`);
  });

  it('keeps an issued certificate when the score later drops (a quiz was added)', async () => {
    const learner = await createUser(t);
    const course = await createCourse(t, author, { quizzes: 1 });
    await enrol(t, learner, course.id);
    await answerQuiz(t, learner, course, 0, true);
    const issued = await getCertificate(t, learner, course.id);
    expect(issued.statusCode).toBe(200);

    await addQuiz(t, course.id, course.sectionId, 5);
    const again = await getCertificate(t, learner, course.id);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-certificate-id']).toBe(issued.headers['x-certificate-id']);
  });

  it('answers 403 NOT_ENROLLED for a catalogue course and 404 for courses the caller cannot see', async () => {
    const stranger = await createUser(t);
    const approved = await createCourse(t, author);
    const pending = await createCourse(t, author, { status: 'Pending' });

    const notEnrolled = await getCertificate(t, stranger, approved.id);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json()).toMatchObject({ code: 'NOT_ENROLLED' });

    expect((await getCertificate(t, stranger, pending.id)).statusCode).toBe(404);
    expect((await getCertificate(t, stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Even the author does not get a certificate for a course they did not take.
    expect((await getCertificate(t, author, pending.id)).statusCode).toBe(404);
  });

  it('requires a signed-in caller', async () => {
    const course = await createCourse(t, author);
    const response = await getCertificate(t, null, course.id);
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown certificate id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/certificates/00000000-0000-4000-8000-000000000000',
      headers: { 'accept-language': 'ar' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'لا توجد شهادة بهذا الرقم.',
    });
  });

  it('renders an Arabic name and Arabic title into a valid PDF with the Arabic font embedded', async () => {
    const learner = await createUser(t, 'EndUser', { firstname: 'محمد', lastname: 'العتيبي' });
    const course = await createCourse(t, author, {
      title: 'Open Science in Practice',
      titleTr: 'العلوم المفتوحة في الممارسة (الجزء 2)',
    });
    await enrol(t, learner, course.id);
    await answerQuiz(t, learner, course, 0, true);
    await answerQuiz(t, learner, course, 1, true);

    const response = await getCertificate(t, learner, course.id);
    expect(response.statusCode).toBe(200);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]+\+Cairo-Bold/);
    // The embedded fonts map their glyphs back to the learner's letters (ToUnicode), so the name is
    // drawn with real Arabic glyphs rather than empty boxes. م ح د ع ت ب ي:
    const streams = inflatedStreams(pdf);
    for (const code of ['0645', '062d', '062f', '0639', '062a', '0628', '064a'])
      expect(streams).toContain(`<${code}>`);

    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/v1/certificates/${String(response.headers['x-certificate-id'])}`,
    });
    expect(verified.json()).toMatchObject({
      data: { name: 'محمد العتيبي', course_title_tr: 'العلوم المفتوحة في الممارسة (الجزء 2)' },
    });
  });

  it('documents both routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = response.json<{ paths: Record<string, unknown> }>().paths;
    expect(paths).toHaveProperty(['/api/v1/user/certificate/{courseId}']);
    expect(paths).toHaveProperty(['/api/v1/certificates/{id}']);
  });
});
