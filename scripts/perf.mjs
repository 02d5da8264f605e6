#!/usr/bin/env node
// `npm run perf`: builds, starts the real server on a fresh demo-seeded embedded database, and runs
// Lighthouse 12 (mobile preset, simulated throttling) on the public pages and — signed in as the demo
// learner — on /dashboard and a course page, in English and Arabic; median of three runs per page.
// Prints score, LCP, TBT and JavaScript bytes transferred. Timings depend on the machine: they are
// reported, never asserted (the deterministic size budget is `npm run test:budget`).
// While working on one page: PERF_PAGES=/dashboard,/course/:id PERF_LANGS=en PERF_RUNS=1 and
// PERF_REPORTS=<dir> (each run's full Lighthouse JSON), with --no-build after a build;
// PERF_THROTTLING=devtools throttles the real page instead of simulating (slower, closer to a phone).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
// The same Chromium and flags as the e2e tests.
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../packages/e2e/src/chromium.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const PORT = Number(process.env.PERF_PORT ?? 4390);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const ONLY_PAGES = process.env.PERF_PAGES?.split(',');
const LANGS = process.env.PERF_LANGS?.split(',') ?? ['en', 'ar'];
const REPORTS = process.env.PERF_REPORTS;
const LEARNER = { email: 'learner@example.com', password: 'demo-learner-pass' };

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`No Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (see .ci/run).`);
  process.exit(1);
}
// Something else on the port (a server left by an interrupted run) would answer in our server's
// place, and the figures would be of another build.
if (
  await fetch(`${BASE}/api/v1/health`).then(
    () => true,
    () => false,
  )
) {
  console.error(`Port ${PORT} already answers: stop what runs there or set PERF_PORT.`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'perf-data-'));
const server = spawn('node', ['packages/server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: BASE,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
  },
});
// On every way out, including a crash that skips `finally` (an 'error' event of a child process).
process.on('exit', () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});
process.on('SIGINT', () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 240; i += 1) {
    // It will not answer if it has already stopped (no build with --no-build, a port in use…).
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) before answering`);
    const ok = await fetch(`${BASE}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not start');
}

async function api(pathname, init = {}) {
  const response = await fetch(`${BASE}/api/v1${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  await waitForServer();
  const { data } = await api('/auth/login', { method: 'POST', body: JSON.stringify(LEARNER) });
  const auth = { authorization: `Bearer ${data.access_token}` };
  const approved = JSON.stringify(await api('/course/approved', { headers: auth }));
  const courseId = /"_id":"([^"]+)"/.exec(approved)?.[1];
  if (!courseId) throw new Error('No approved demo course');
  await api(`/course/enroll/${courseId}`, { headers: auth });

  const pages = [
    ...['/', '/login', '/signup', '/forgotpassword', '/resetpassword', '/admin/login'].map((p) => ({ p })),
    { p: '/dashboard', signedIn: true },
    { p: `/course/${courseId}`, signedIn: true, label: '/course/:id' },
  ].filter(({ p, label }) => !ONLY_PAGES || ONLY_PAGES.includes(label ?? p));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows = [];
  try {
    for (const lang of LANGS) {
      for (const { p, signedIn, label } of pages) {
        // The visitor's stored choice (local storage + the cookie the app mirrors it into) and, for
        // the learner's pages, the session — set in the browser profile Lighthouse then keeps.
        const setup = await browser.newPage();
        await setup.goto(`${BASE}/robots-setup-404`);
        await setup.evaluate(
          (language, token, userId) => {
            localStorage.clear();
            localStorage.setItem('language', language);
            document.cookie = `language=${language}; path=/; max-age=31536000; samesite=lax`;
            if (token) {
              localStorage.setItem('auth_token', token);
              localStorage.setItem('user_id', userId);
            }
          },
          lang,
          signedIn ? data.access_token : null,
          data.user._id,
        );
        await setup.close();
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) {
          const result = await lighthouse(`${BASE}${p}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            // Lighthouse empties the HTTP cache before each run (a first visit) but keeps cookies
            // and local storage, so the language and session set above stay; checked below.
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            // `devtools` applies the throttling to the real page instead of simulating it afterwards.
            throttlingMethod: process.env.PERF_THROTTLING ?? 'simulate',
          });
          const { audits, categories, finalDisplayedUrl } = result.lhr;
          if (REPORTS) {
            mkdirSync(REPORTS, { recursive: true });
            const name = `${lang}${(label ?? p).replaceAll(/[/:]+/g, '-')}-${run + 1}.json`;
            writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
          }
          const urls = audits['network-requests'].details.items.map((item) => item.url);
          const arabicFont = urls.some((url) => url.includes('cairo-arabic'));
          if (new URL(finalDisplayedUrl).pathname !== p || arabicFont !== (lang === 'ar'))
            throw new Error(`${p} (${lang}) was not measured as set up: ended at ${finalDisplayedUrl}`);
          const scripts = audits['resource-summary'].details.items.find(
            (item) => item.resourceType === 'script',
          );
          // Under heavy load Lighthouse sometimes cannot compute a metric (score null): that run is
          // reported and left out of the median rather than counted as 0.
          if (categories.performance.score === null) {
            console.log(`  ${lang} ${p}: run ${run + 1} failed: ${result.lhr.runWarnings.join(' ')}`);
            continue;
          }
          runs.push({
            score: Math.round(categories.performance.score * 100),
            a11y: Math.round(categories.accessibility.score * 100),
            bp: Math.round(categories['best-practices'].score * 100),
            seo: Math.round(categories.seo.score * 100),
            lcp: audits['largest-contentful-paint'].numericValue,
            tbt: audits['total-blocking-time'].numericValue,
            js: scripts?.transferSize ?? 0,
            files: scripts?.requestCount ?? 0,
          });
          const misses = Object.values(categories['best-practices'].auditRefs)
            .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
            .map((ref) => ref.id);
          if (run === 0 && misses.length > 0)
            console.log(`  ${lang} ${p}: best-practices misses: ${misses.join(', ')}`);
        }
        if (runs.length === 0) throw new Error(`${p} (${lang}): every Lighthouse run failed`);
        const row = { page: label ?? p, lang };
        for (const key of Object.keys(runs[0])) row[key] = median(runs.map((r) => r[key]));
        rows.push(row);
        console.log(
          `${row.lang} ${row.page.padEnd(16)} perf ${String(row.score).padStart(3)}  LCP ${(row.lcp / 1000).toFixed(2)} s  ` +
            `TBT ${Math.round(row.tbt)} ms  JS ${(row.js / 1024).toFixed(1)} kB in ${row.files} files  ` +
            `a11y ${row.a11y} bp ${row.bp} seo ${row.seo}  (runs: ${runs.map((r) => r.score).join(', ')})`,
        );
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  console.log('\n| Page | Lang | Performance | LCP | TBT | JavaScript | A11y / BP / SEO |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| \`${r.page}\` | ${r.lang} | ${r.score} | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ` +
        `${(r.js / 1024).toFixed(1)} kB (${r.files} files) | ${r.a11y} / ${r.bp} / ${r.seo} |`,
    );
}

await main();
process.exit(0);
