import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import type { CourseSummary, Language } from '@app/shared';
import { APP_PORT, MAIL_SMTP_PORT } from '../src/ports.ts';
import {
  createAccount,
  expect,
  expectAccessible,
  signInBrowser,
  snap,
  snapAtBothWidths,
  test,
} from '../src/fixtures.ts';
import { enrol, strings } from './learner-support.ts';

/**
 * The fetch-failure panels, caused for real: this spec runs its own server process (same build, its
 * own database), stops it while the learner is using the app, and starts it again before "Try again".
 * The shared server of the other specs cannot be stopped mid-run, and mocking responses would not
 * show that the app survives an actual outage (network errors, retries, recovery).
 */

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../../server/dist/main.js');

/**
 * The outage servers this worker has started and not yet seen exit. A test that times out never
 * reaches its own clean-up, so they are stopped after each test (hooks run after a timeout too), and
 * killed when the worker exits (Ctrl-C, a crashed run): no server is ever left holding its port.
 */
const running = new Set<ChildProcess>();
test.afterEach(async () => {
  await Promise.all([...running].map(stopServer));
});
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL');
});

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Each server leads its own process group (detached), so the signal reaches anything it started too. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || hasExited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // It exited in the meantime.
  }
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdio: 'ignore',
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`The outage server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The outage server did not start');
}

/** SIGTERM (the server closes its database cleanly), SIGKILL if it is still there 10 s later. */
async function stopServer(child: ChildProcess) {
  if (hasExited(child)) return;
  const exited = once(child, 'exit');
  signalGroup(child, 'SIGTERM');
  const kill = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(kill);
}

/**
 * Each test's start: an outage server for this language's project (one port each, so English and
 * Arabic can run at the same time) on a fresh database, a new learner enrolled in the catalogue's
 * first `count` courses, signed in in `page`, on the dashboard. `restart` starts the server again on
 * the same database after a `stopServer`.
 */
async function outageSetup(
  { page, lang, playwright }: { page: Page; lang: Language; playwright: PlaywrightWorkerArgs['playwright'] },
  count: number,
) {
  const port = APP_PORT + 7 + (lang === 'ar' ? 1 : 0);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(import.meta.dirname, `../.artifacts/data-outage-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const restart = () => startServer(port, dataDir);
  const server = await restart();
  const api = await playwright.request.newContext({ baseURL: base });
  const learner = await createAccount(api);
  const auth = { authorization: `Bearer ${learner.token}` };
  const catalogue = (await (await api.get('/api/v1/course/approved', { headers: auth })).json()) as {
    data: CourseSummary[];
  };
  const courses = catalogue.data.slice(0, count);
  if (courses.length < count) throw new Error(`The demo catalogue needs ${count} approved courses`);
  for (const course of courses) await enrol(api, learner, course._id);
  await page.goto(`${base}/404-for-storage`);
  await signInBrowser(page, learner);
  await page.goto(`${base}/dashboard`);
  const titleOf = (course: CourseSummary) =>
    lang === 'ar' && course.title_tr ? course.title_tr : course.title;
  return { base, api, server, restart, courses, titleOf };
}

test('a real outage shows the error panels, and the screens come back by themselves once the server is back', async ({
  page,
  lang,
  playwright,
}) => {
  test.setTimeout(240_000);
  const S = strings(lang);
  const setup = await outageSetup({ page, lang, playwright }, 2);
  const { api, restart, titleOf } = setup;
  let { server } = setup;
  const [first, second] = setup.courses as [CourseSummary, CourseSummary];
  const cards = page.getByTestId('course-card');
  await expect(page.getByRole('link', { name: titleOf(second) })).toBeVisible();
  // Open a course once so the viewer's code is in the browser before the outage.
  await page.getByRole('link', { name: titleOf(first) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(first));
  await page.getByRole('link', { name: S.backToDashboard }).click();
  await expect(page.getByRole('heading', { level: 1, name: S.availableCourses })).toBeVisible();

  // Outage while searching the catalogue.
  await stopServer(server);
  await page.getByRole('searchbox', { name: S.searchCourses }).fill('open');
  await expect(page.getByRole('heading', { name: S.somethingWentWrong })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(S.dashboardError)).toBeVisible();
  await expect(cards).toHaveCount(0);
  // The panel says it will read again by itself (decision 160), beside "Try again".
  await expect(page.getByText(S.retriesByItself)).toBeVisible();
  await expect(page.getByRole('button', { name: S.tryAgain })).toBeVisible();
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'dashboard-error', { accessible: true });
  // "Try again" while the server is still away: the panel stays with its button busy, then says so
  // again; the courses of the search before never stand in for this one's.
  const tryAgain = page.getByRole('alert').filter({ hasText: S.dashboardError }).getByRole('button');
  await tryAgain.click();
  await expect(tryAgain).toHaveAttribute('aria-busy', 'true');
  await expect(tryAgain).not.toHaveAttribute('aria-busy');
  await expect(page.getByText(S.dashboardError)).toBeVisible();
  await expect(cards).toHaveCount(0);
  // Back: the courses come without a click (the health is asked at most every 30 s).
  server = await restart();
  await expect(cards.first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: S.somethingWentWrong })).toHaveCount(0);

  // Outage while opening a course.
  await page.getByRole('searchbox', { name: S.searchCourses }).fill('');
  await expect(page.getByRole('link', { name: titleOf(second) })).toBeVisible();
  await stopServer(server);
  await page.getByRole('link', { name: titleOf(second) }).click();
  await expect(page.getByText(S.viewerError)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: S.somethingWentWrong })).toBeVisible();
  await expect(page.getByText(S.retriesByItself)).toBeVisible();
  await expectAccessible(page);
  await snap(page, lang, 'viewer-error');
  server = await restart();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf(second), { timeout: 45_000 });
  await api.dispose();
});

test('a course whose code was never fetched, opened during an outage, opens by itself once the server is back', async ({
  page,
  lang,
  playwright,
}) => {
  test.setTimeout(240_000);
  const S = strings(lang);
  const { base, api, server, restart, courses, titleOf } = await outageSetup({ page, lang, playwright }, 1);
  const first = courses[0]!;
  const title = titleOf(first);
  const course = page.getByRole('link', { name: title });
  await expect(course).toBeVisible();
  // The viewer's code has not been fetched: the server goes before the course is opened.
  await stopServer(server);
  await course.focus();
  await page.keyboard.press('Enter');
  // Before: the app-wide "Something went wrong" page, signed-out header, for good (its code's
  // download failed). Now the dashboard stays, with its header, and a toast says what happens.
  // The toast (its copy for screen readers is read by the toasts' announcer).
  await expect(page.getByRole('status').filter({ hasText: S.opensByItself })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('searchbox', { name: S.searchCourses })).toBeVisible();
  await expect(course).toBeFocused();
  await expect(page.getByRole('heading', { name: /Something went wrong|حدث خطأ/ })).toHaveCount(0);
  await expectAccessible(page);
  await snapAtBothWidths(page, lang, 'course-code-waits-for-server');

  await restart();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 45_000 });
  await expect(page).toHaveURL(`${base}/course/${first._id}`);
  await expect(page.getByText(S.opensByItself)).toHaveCount(0);
  await api.dispose();
});
