import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { formatIssueDate, type Language } from '@app/shared';
import {
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  snap,
  test,
  type Account,
} from '../src/fixtures.ts';
import { translator } from '../src/catalogue.ts';
import { serverWording } from '../src/server-wording.ts';
import { createApprovedCourse, enrol, QUIZ_SIZE, type TestCourse } from './learner-support.ts';

/**
 * Issue #15: a learner who earned a certificate downloads it as an Open Badges 3.0 credential, and the
 * public verification page (the address in the PDF's QR code) says it is valid, in both languages.
 */

let course: TestCourse;
test.beforeAll(async ({ request }) => {
  course = await createApprovedCourse(request);
});

/** The English source texts of the wording the journey reads, in the web catalogues. */
const S = {
  yourCertificate: 'Your certificate',
  shareAndVerify: 'Share and verify',
  signedBadge: 'Signed Open Badge (.jwt)',
  jsonBadge: 'Open Badge (JSON)',
  verificationPage: 'Verification page',
  linkedIn: 'Add to LinkedIn profile',
  newTab: '(opens in a new tab)',
  heading: 'Certificate verification',
  valid: 'Valid certificate',
  notANumber: 'This address holds no certificate number.',
  issuedBy: 'Issued by',
  platform: 'Open Science Courses',
} as const;
const say = (lang: Language, key: keyof typeof S) => translator(lang)(S[key]);

/** All quiz answers right through the API (the quiz UI has its own journey): 100 % overall. */
async function passQuiz(request: APIRequestContext, learner: Account) {
  const headers = { authorization: `Bearer ${learner.token}` };
  const viewer = await request.get(`/api/v1/user/course/${course.id}`, { headers });
  expect(viewer.status()).toBe(200);
  const { data } = (await viewer.json()) as {
    data: { course_section: { resources: { _id: string; quiz?: { _id: string }[] }[] }[] };
  };
  const quiz = data.course_section
    .flatMap((section) => section.resources)
    .find((r) => r._id === course.quizId);
  expect(quiz?.quiz).toHaveLength(QUIZ_SIZE);
  const answers = quiz!.quiz!.map((question, index) => ({ _id: question._id, answer: `Right ${index + 1}` }));
  const scored = await request.post(`/api/v1/course/exercise-score/${course.id}`, {
    headers,
    data: { resourceId: course.quizId, quizAnswers: answers },
  });
  expect(scored.status(), await scored.text()).toBe(200);
}

test('a learner downloads the certificate as a signed Open Badge, and its verification page says it is valid', async ({
  page,
  request,
  lang,
}) => {
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await passQuiz(request, learner);
  await signInBrowser(page, learner);
  await page.goto(`/course/${course.id}`);
  await page.getByTestId('certificate-item').click();
  await expect(page.getByRole('heading', { level: 2, name: say(lang, 'yourCertificate') })).toBeVisible();
  const actions = page.getByTestId('credential-actions');
  await expect(actions.getByRole('heading', { name: say(lang, 'shareAndVerify') })).toBeVisible();

  // The signed credential (VC-JWT) and its readable JSON download from the viewer.
  const [jwtDownload] = await Promise.all([
    page.waitForEvent('download'),
    actions.getByRole('link', { name: say(lang, 'signedBadge') }).click(),
  ]);
  expect(jwtDownload.suggestedFilename()).toMatch(/^certificate-[0-9a-f-]{36}\.jwt$/);
  const jwt = readFileSync(await jwtDownload.path(), 'utf8');
  expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const certificateId = /certificate-([0-9a-f-]{36})\.jwt/.exec(jwtDownload.suggestedFilename())![1]!;
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    actions.getByRole('link', { name: say(lang, 'jsonBadge') }).click(),
  ]);
  const credential = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8')) as {
    type: string[];
    credentialSubject: { identifier: { identityHash: string }[] };
  };
  expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  expect(credential.credentialSubject.identifier[0]!.identityHash).toBe(
    `${learner.user.firstname} ${learner.user.lastname}`,
  );
  // The downloaded file verifies against the published key.
  const verdict = await request.post('/api/v1/credentials/verify', { data: { credential: jwt } });
  expect(((await verdict.json()) as { data: { valid: boolean } }).data.valid).toBe(true);

  // LinkedIn's "Add to profile" form, filled in, in a new tab that the link says it opens.
  const linkedInLink = actions.getByRole('link', { name: say(lang, 'linkedIn') });
  await expect(linkedInLink).toHaveAccessibleName(`${say(lang, 'linkedIn')} ${say(lang, 'newTab')}`);
  await expect(linkedInLink).toHaveAttribute('target', '_blank');
  const linkedIn = new URL((await linkedInLink.getAttribute('href'))!);
  expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(Object.fromEntries(linkedIn.searchParams)).toMatchObject({
    startTask: 'CERTIFICATION_NAME',
    organizationName: 'Open Science Courses',
    issueYear: String(new Date().getUTCFullYear()),
    certId: certificateId,
    certUrl: expect.stringMatching(new RegExp(`/certificates/${certificateId}$`)) as unknown as string,
  });
  await expectAccessible(page);
  await actions.scrollIntoViewIfNeeded();
  await snap(page, lang, 'credential-viewer');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(actions.getByRole('link', { name: say(lang, 'linkedIn') })).toBeVisible();
  await snap(page, lang, 'credential-viewer');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Its address, as a link previewer fetches it (no script): the head names the certificate, noindex.
  const shared = await request.get(`/certificates/${certificateId}`, {
    headers: { cookie: `language=${lang}` },
  });
  const head = await shared.text();
  expect(head).toContain('<meta name="robots" content="noindex">');
  expect(head).toMatch(
    new RegExp(
      `<meta property="og:title" content="[^"]*${learner.user.firstname} ${learner.user.lastname}">`,
    ),
  );

  // The verification page: the certificate's facts and a valid signature.
  await actions.getByRole('link', { name: say(lang, 'verificationPage') }).click();
  await expect(page).toHaveURL(new RegExp(`/certificates/${certificateId}$`));
  await expect(page.getByRole('heading', { level: 1, name: say(lang, 'heading') })).toBeVisible();
  await expect(page.getByTestId('credential-verdict')).toContainText(say(lang, 'valid'));
  await expect(page.getByText(`${learner.user.firstname} ${learner.user.lastname}`)).toBeVisible();
  await expect(page.getByText(certificateId)).toBeVisible();
  // The date of issue as the certificate prints it: the day in UTC, in the reader's language.
  const issued = page.locator('dd time');
  await expect(issued).toHaveAttribute('datetime', new Date().toISOString().slice(0, 10));
  await expect(issued).toHaveText(formatIssueDate(new Date(), lang));
  // The issuer in the reader's language, as the verdict names it.
  await expect(page.getByText(say(lang, 'issuedBy'), { exact: true }).locator('+ dd')).toHaveText(
    say(lang, 'platform'),
  );
  await expectAccessible(page);
  await snap(page, lang, 'credential-verification');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('credential-verdict')).toBeVisible();
  await snap(page, lang, 'credential-verification');
});

test('the verification page is public, works at 375 px, and says so when a number is unknown', async ({
  browser,
  request,
  lang,
}) => {
  const learner = await createAccount(request);
  await enrol(request, learner, course.id);
  await passQuiz(request, learner);
  const issued = await request.get(`/api/v1/user/certificate/${course.id}`, {
    headers: { authorization: `Bearer ${learner.token}` },
  });
  const certificateId = issued.headers()['x-certificate-id']!;
  // A visitor without an account on a phone, as after scanning the QR code.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    locale: lang === 'ar' ? 'ar-SA' : 'en-US',
  });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('language', language), lang);
  await page.goto(`/certificates/${certificateId}`);
  await expect(page.getByTestId('credential-verdict')).toContainText(say(lang, 'valid'));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await snap(page, lang, 'credential-verification-visitor');

  // An unknown number and an address whose number is not one: an answer, with nothing to retry.
  await page.goto('/certificates/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('status').getByText(serverWording(lang).noSuchCertificate)).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await snap(page, lang, 'credential-verification-unknown');
  await page.goto('/certificates/not-a-number');
  await expect(page.getByRole('status')).toContainText(say(lang, 'notANumber'));
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await context.close();
});
