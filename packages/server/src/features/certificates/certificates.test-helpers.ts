import { expect } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CourseStatus, Language } from '@app/shared';
import { courseSections, courses, quizScores, resources } from '../../db/schema.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createUser, type TestUser } from '../../test/factories.ts';

/**
 * Courses are written with drizzle here (authoring and review have their own suites); learners enrol
 * and answer quizzes through the public API, as the browser does.
 */
export async function createCourse(
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

export async function addQuiz(t: TestApp, courseId: string, sectionId: string, position: number) {
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

export async function enrol(t: TestApp, user: TestUser, courseId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/course/enroll/${courseId}`,
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
}

/** Answers the one question of quiz number `position` (see addQuiz) right or wrong. */
export async function answerQuiz(
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
export async function setBestScores(
  t: TestApp,
  user: TestUser,
  courseId: string,
  scores: Record<string, number>,
) {
  for (const [resourceId, bestScore] of Object.entries(scores))
    await t.db
      .insert(quizScores)
      .values({ userId: user.id, resourceId, courseId, bestScore })
      .onConflictDoUpdate({ target: [quizScores.userId, quizScores.resourceId], set: { bestScore } });
}

export const getCertificate = (t: TestApp, user: TestUser | null, courseId: string, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/certificate/${courseId}`,
    headers: { ...(user ? user.auth : {}), 'accept-language': lang },
  });

/**
 * The app shell as prerender.mjs writes it (decision 022: its head's title, description and Open Graph
 * tags; decision 043: the early requests' script), in a temporary built web app as spa.test.ts has it.
 */
export const shellText = (lang: Language, file: string) => `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Open Science courses (${lang})" />
    <title>Open Science Courses (${lang})</title>
    <meta property="og:type" content="website">
    <meta property="og:title" content="Open Science Courses (${lang})">
    <meta property="og:description" content="Open Science courses (${lang})">
    <meta property="og:locale" content="${lang === 'ar' ? 'ar_AR' : 'en_US'}">
    <script type="module" async crossorigin src="/assets/requests-x.js" data-screen-files="{&quot;/dashboard&quot;:[]}"></script>
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </head>
  <body${lang === 'ar' ? ' class="rtl"' : ''}>
    <div id="root">${file}</div>
  </body>
</html>
`;

/** The head's title and the meta tags a link preview reads. */
export function previewOf(page: string) {
  const tag = (pattern: RegExp) => pattern.exec(page)?.[1] ?? null;
  return {
    title: tag(/<title>([^<]*)<\/title>/),
    description: tag(/<meta name="description" content="([^"]*)"/),
    ogTitle: tag(/<meta property="og:title" content="([^"]*)"/),
    ogDescription: tag(/<meta property="og:description" content="([^"]*)"/),
    ogType: tag(/<meta property="og:type" content="([^"]*)"/),
    ogLocale: tag(/<meta property="og:locale" content="([^"]*)"/),
    robots: tag(/<meta name="robots" content="([^"]*)"/),
  };
}

/** A built web app in a temporary directory with only the app shells (spa.test.ts has the same shape). */
export async function webAppWithShells(): Promise<string> {
  const webDist = await mkdtemp(path.join(tmpdir(), 'certificate-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  for (const lang of ['en', 'ar'] as const) {
    await mkdir(path.join(webDist, 'prerendered', lang), { recursive: true });
    for (const file of ['not-found', 'app', 'app-header'])
      await writeFile(path.join(webDist, 'prerendered', lang, `${file}.html`), shellText(lang, file));
  }
  const pages = {
    pages: {},
    notFound: 'not-found',
    app: 'app',
    appRoutes: ['/dashboard', '/certificates/:id', '/verifyemail/:token'],
    headerApp: 'app-header',
    headerRoutes: ['/dashboard'],
  };
  await writeFile(path.join(webDist, 'prerendered', 'pages.json'), JSON.stringify(pages));
  return webDist;
}

/** A learner's certificate, issued through the API as the browser does; its id and date of issue. */
export async function issueCertificate(
  t: TestApp,
  author: TestUser,
  learnerName: [string, string],
  title: string,
  titleTr: string | null,
) {
  const learner = await createUser(t, 'EndUser', { firstname: learnerName[0], lastname: learnerName[1] });
  const course = await createCourse(t, author, { title, titleTr, quizzes: 1 });
  await enrol(t, learner, course.id);
  await answerQuiz(t, learner, course, 0, true);
  const id = String((await getCertificate(t, learner, course.id)).headers['x-certificate-id']);
  const verified = await t.app.inject({ method: 'GET', url: `/api/v1/certificates/${id}` });
  return { id, issuedAt: verified.json<{ data: { issuedAt: string } }>().data.issuedAt };
}
