import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatIssueDate, type Language } from '@app/shared';
import { certificates, courses } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import {
  addQuiz,
  answerQuiz,
  createCourse,
  enrol,
  getCertificate,
  issueCertificate,
  previewOf,
  setBestScores,
  webAppWithShells,
} from './certificates.test-helpers.ts';

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
    expect(first.headers['cache-control']).toBe('no-store'); // a person's name and scores (decision 136)
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

  it('issues nothing for a course no longer Approved, but gives an enrolled learner the one they were issued', async () => {
    for (const status of ['Pending', 'Archived'] as const) {
      const course = await createCourse(t, author, { quizzes: 1 });
      const [issuedBefore, passed, failed] = [await createUser(t), await createUser(t), await createUser(t)];
      for (const learner of [issuedBefore, passed, failed]) await enrol(t, learner, course.id);
      await answerQuiz(t, issuedBefore, course, 0, true);
      await answerQuiz(t, passed, course, 0, true);
      const issued = await getCertificate(t, issuedBefore, course.id);
      expect(issued.statusCode).toBe(200);

      await t.db.update(courses).set({ status }).where(eq(courses.id, course.id));
      const kept = await getCertificate(t, issuedBefore, course.id);
      expect([status, kept.statusCode, kept.headers['x-certificate-id']]).toEqual([
        status,
        200,
        issued.headers['x-certificate-id'],
      ]);
      // Not issued now, and the course is not revealed by the score it asks for (as the learner routes).
      for (const learner of [passed, failed]) {
        const refused = await getCertificate(t, learner, course.id, 'ar');
        expect([status, refused.statusCode, refused.json()]).toEqual([
          status,
          404,
          { success: false, code: 'NOT_FOUND', message: 'الدورة غير موجودة.' },
        ]);
      }
      const held = await t.db.select().from(certificates).where(eq(certificates.courseId, course.id));
      expect(held.map((row) => row.userId)).toEqual([issuedBefore.id]);
    }
  });

  it('issues the certificate of an approved course taken out of the catalogue to its enrolled learners', async () => {
    const course = await createCourse(t, author, { quizzes: 1 });
    const learner = await createUser(t);
    await enrol(t, learner, course.id);
    await answerQuiz(t, learner, course, 0, true);
    await t.db.update(courses).set({ isAvailable: false }).where(eq(courses.id, course.id));
    expect((await getCertificate(t, learner, course.id)).statusCode).toBe(200);
  });

  it('has no HEAD twin, as the GET may issue a certificate', async () => {
    const course = await createCourse(t, author, { quizzes: 1 });
    const learner = await createUser(t);
    await enrol(t, learner, course.id);
    await answerQuiz(t, learner, course, 0, true);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/user/certificate/${course.id}`,
      headers: learner.auth,
    });
    expect([head.statusCode, head.headers.allow]).toEqual([405, 'GET']);
    expect(await t.db.select().from(certificates).where(eq(certificates.courseId, course.id))).toEqual([]);
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

describe('a certificate’s address previews the certificate (decision 101)', () => {
  let t: TestApp;
  let webDist: string;
  let author: TestUser;
  const shell = (lang: Language, file = 'app') =>
    readFile(path.join(webDist, 'prerendered', lang, `${file}.html`), 'utf8');
  const page = (url: string, lang: Language = 'en', method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: lang === 'ar' ? { cookie: 'theme=dark; language=ar' } : {} });

  const issued = (learnerName: [string, string], title: string, titleTr: string | null) =>
    issueCertificate(t, author, learnerName, title, titleTr);

  beforeAll(async () => {
    webDist = await webAppWithShells();
    t = await createTestApp({ WEB_DIST: webDist });
    author = await createUser(t, 'Contributor');
  });

  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('names the certificate in the page’s language, noindex, and leaves the rest of the shell as built', async () => {
    const { id, issuedAt } = await issued(
      ['Ada', 'Lovelace'],
      'Open Data Basics',
      'أساسيات البيانات المفتوحة',
    );
    const english = await page(`/certificates/${id}`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(english.headers.vary).toContain('Cookie');
    const enDescription = `Ada Lovelace completed the course “Open Data Basics”. Certificate issued by Open Science Courses on ${formatIssueDate(issuedAt, 'en')}.`;
    expect(previewOf(english.body)).toEqual({
      title: 'Certificate: Open Data Basics · Ada Lovelace',
      description: enDescription,
      ogTitle: 'Certificate: Open Data Basics · Ada Lovelace',
      ogDescription: enDescription,
      ogType: 'website',
      ogLocale: 'en_US',
      robots: 'noindex',
    });

    // The cookie picks the language, as it picks the shell; the course title is the Arabic one.
    const arabic = await page(`/certificates/${id}?trk=public_profile`, 'ar');
    expect(arabic.statusCode).toBe(200);
    expect(arabic.body).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    const arDescription = `شهادة إتمام دورة «أساسيات البيانات المفتوحة» مُنحت إلى Ada Lovelace، صادرة عن دورات العلوم المفتوحة بتاريخ ${formatIssueDate(issuedAt, 'ar')}.`;
    expect(previewOf(arabic.body)).toEqual({
      title: 'شهادة: أساسيات البيانات المفتوحة · Ada Lovelace',
      description: arDescription,
      ogTitle: 'شهادة: أساسيات البيانات المفتوحة · Ada Lovelace',
      ogDescription: arDescription,
      ogType: 'website',
      ogLocale: 'ar_AR',
      robots: 'noindex',
    });

    // Only those tags differ: every other line (the early requests' script, decision 043) as built.
    const untouched = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/<title>|name="description"|og:title|og:description|robots/.test(line));
    for (const [response, lang] of [
      [english, 'en'],
      [arabic, 'ar'],
    ] as const)
      expect(untouched(response.body)).toEqual(untouched(await shell(lang)));

    // HEAD answers as GET does, without the body.
    const head = await page(`/certificates/${id}`, 'en', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(english.headers['content-length']);
    expect(head.headers['content-type']).toBe(english.headers['content-type']);
  });

  it('escapes the learner’s name and the course title (user input) in every tag', async () => {
    const { id } = await issued(
      ['<b>"Tom"', "& Jerry's $& $'"],
      'Data <script>alert(1)</script> & "more"',
      null,
    );
    for (const lang of ['en', 'ar'] as const) {
      const response = await page(`/certificates/${id}`, lang);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<b>');
      expect(response.body).not.toContain('<script>alert');
      const preview = previewOf(response.body);
      const name = '&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#39;s $&amp; $&#39;';
      const course = 'Data &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;';
      // No Arabic title: the English one, in the Arabic page too.
      expect(preview.title).toBe(
        lang === 'en' ? `Certificate: ${course} · ${name}` : `شهادة: ${course} · ${name}`,
      );
      expect(preview.ogTitle).toBe(preview.title);
      expect(preview.ogDescription).toContain(name);
      expect(preview.ogDescription).toContain(course);
      expect(preview.description).toBe(preview.ogDescription);
    }
  });

  it('sends the shell exactly as built for an id that names no certificate, a malformed one, and other app routes', async () => {
    const { id } = await issued(['Grace', 'Hopper'], 'Reproducible Research', null);
    // The real certificate is described (so this is not the shell for every address)…
    expect(previewOf((await page(`/certificates/${id}`)).body).robots).toBe('noindex');
    // …and nothing else is: the app says what is wrong, never a 5xx.
    for (const lang of ['en', 'ar'] as const)
      for (const url of [
        '/certificates/00000000-0000-4000-8000-000000000000',
        '/certificates/not-a-certificate',
        `/certificates/${id}x`,
        `/certificates/${'7'.repeat(300)}`,
        '/certificates/%20%E2%80%AE%3Cb%3E',
        '/verifyemail/t0k3n',
      ]) {
        const response = await page(url, lang);
        expect([response.statusCode, response.body], `${url} ${lang}`).toEqual([200, await shell(lang)]);
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    const dashboard = await page('/dashboard', 'ar');
    expect([dashboard.statusCode, dashboard.body]).toEqual([200, await shell('ar', 'app-header')]);
    const beyond = await page(`/certificates/${id}/more`);
    expect([beyond.statusCode, beyond.body]).toEqual([404, await shell('en', 'not-found')]);
  });
});
