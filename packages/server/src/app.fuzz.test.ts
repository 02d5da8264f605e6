import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@app/shared';
import { users } from './db/schema.ts';
import { createTestApp, type TestApp, logCapture } from './test/test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from './test/smtp-catcher.ts';
import { createUser } from './test/factories.ts';
import { createApprovedCourse, quizOf, tinyPdf, uploadFile } from './test/course-fixtures.ts';
import { fuzzRequest, random, routesOf, type FuzzContext, type RouteInfo } from './test/fuzz-requests.ts';

/** Change it to explore other cases; a failure prints the request, so any seed's failure reproduces. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = 2400;

describe('malformed requests against every route', () => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  let webDist: string;
  let routes: RouteInfo[];
  let context: FuzzContext;
  const { stream, lines: logLines } = logCapture();

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // A built web app stand-in, so the SPA fallback and static files are fuzzed too.
    webDist = await mkdtemp(path.join(tmpdir(), 'fuzz-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp(
      { SMTP_URL: smtp.url, LOG_LEVEL: 'debug', WEB_DIST: webDist },
      { logStream: stream },
    );
    routes = routesOf(t.app);

    const learner = await createUser(t, 'EndUser');
    const contributor = await createUser(t, 'Contributor');
    const admin = await createUser(t, 'SuperAdmin');
    const course = await createApprovedCourse(t, contributor, admin);
    const file = await uploadFile(t, contributor, { data: tinyPdf(), filename: 'a.pdf' });
    const quiz = quizOf(course);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotpassword',
      payload: { email: learner.email },
    });
    context = {
      courseId: course._id,
      fileId: file._id,
      resourceId: quiz.resourceId,
      quizQuestionId: quiz.questions[0]!._id,
      existingEmail: learner.email,
      bearers: [
        learner.token,
        contributor.token,
        admin.token,
        forgot.json<{ data: { access_token: string } }>().data.access_token,
      ],
    };
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS} generated requests (seed ${SEED}) with no 5xx, every API error in the envelope and every page error a page`, async () => {
    // Every API route of the app is in the list, so a new route is fuzzed without editing this test.
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/v1/course/new' });
    expect(routes).toContainEqual({ method: 'PATCH', url: '/api/v1/auth/resetpassword' });

    const rng = random(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < REQUESTS; index++) {
      const request = fuzzRequest(index, routes, context, rng);
      const response = await t.app.inject({ ...request, remoteAddress: `10.9.${index >> 8}.${index & 255}` });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const problem = checkResponse(request, response);
      if (problem) failures.push(`#${index} ${request.method} ${request.url.slice(0, 120)}: ${problem}`);
    }
    // Some requests must get through, or the fuzzer only tests the first gate.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(6);
    expect(failures.slice(0, 20)).toEqual([]);
    // About 10 s on a quiet machine; the margin is for a shared CI runner, not a performance budget.
  }, 180_000);

  it('logged no SQL, password hash, token, reset code, mail body or stack trace', async () => {
    await t.app.afterAnswers.settle(); // the work done after answers (decision 136) has logged too
    await t.app.outbox.flush();
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(REQUESTS);
    const hashes = (await t.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash!);
    const mailed = smtp.mails.flatMap((mail) => [
      ...(mail.text.match(/\/verifyemail\/[\w-]+/g) ?? []),
      ...(mail.text.match(/^\s*\d{6}\s*$/gm) ?? []).map((code) => code.trim()),
    ]);
    expect(smtp.mails.length).toBeGreaterThan(0);

    const leaks = [
      ...[/select [^\n]* from "/i, /insert into "/i, /update "\w+" set/i, /delete from "/i].map((sql) =>
        sql.test(log) ? `SQL ${sql}` : null,
      ),
      /Failed query|params:/.test(log) ? 'drizzle query text' : null,
      /scrypt\$/.test(log) ? 'scrypt hash' : null,
      /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/.test(log) ? 'JWT' : null,
      ...context.bearers.map((token) => (log.includes(token) ? 'session or reset token' : null)),
      ...hashes.map((hash) => (log.includes(hash) ? 'password hash' : null)),
      ...mailed.map((secret) =>
        new RegExp(`(^|[^\\d.])${secret}([^\\d]|$)`).test(log) ? 'mailed secret' : null,
      ),
      log.includes('fuzz-secret-password-123') ? 'a password from a request body' : null,
      /<!doctype html>|Hi Fuzz,/i.test(log) ? 'mail body' : null,
      /"stack"|\\n\s+at /.test(log) ? 'stack trace' : null,
    ].filter(Boolean);
    expect(leaks).toEqual([]);
  });
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

function checkResponse(
  request: { method: string; url: string; headers: Record<string, string> },
  response: Response,
) {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400 || request.method === 'HEAD') return null;
  // Pages answer browsers with an HTML error page: the public pages (decision 100), the app's (102).
  if (!request.url.startsWith('/api/') && isHtmlPage(response)) return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `status ${response.statusCode} without a JSON body: ${response.body.slice(0, 100)}`;
  }
  const envelope = errorEnvelopeSchema.strict().safeParse(body);
  if (!envelope.success) return `not the envelope: ${response.body.slice(0, 200)}`;
  const arabic = /^ar\b/i.test(request.headers['accept-language'] ?? '');
  if (arabic && !/[\u0600-\u06FF]/.test(envelope.data.message))
    return `English message for an Arabic request: ${envelope.data.message}`;
  // A client lists the field errors it is given: one problem said twice would be shown twice.
  const errors = (envelope.data.errors ?? []).map(({ path, message }) => `${path}: ${message}`);
  const repeated = errors.find((error, index) => errors.indexOf(error) !== index);
  if (repeated) return `the same field error twice: ${repeated}`;
  return null;
}

function isHtmlPage(response: Response): boolean {
  return (
    String(response.headers['content-type']).startsWith('text/html') &&
    /^<!doctype html>\s*<html lang="(en|ar)" dir="(ltr|rtl)">/i.test(response.body)
  );
}
