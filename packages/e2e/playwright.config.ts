import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './src/chromium.mjs';
import {
  ADMIN,
  APP_PORT,
  BASE_URL,
  MAIL_SMTP_PORT,
  MAIL_URL,
  ORCID_CLIENT,
  ORCID_ISSUER,
} from './src/ports.ts';

const dataDir = `.artifacts/data-${APP_PORT}`;
// Every run starts from a new embedded database (seeded with the demo courses). Workers load this file
// too, while the server is already running on that directory: only the main process may remove it.
if (!process.env.E2E_REUSE && process.env.TEST_WORKER_INDEX === undefined)
  rmSync(dataDir, { recursive: true, force: true });

const RUN_LAST = /catalogue-pages\.spec\.ts$/;

/** Every journey runs in English (LTR) and in Arabic (RTL): the project name starts with the language. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // As many as the cores (two here and in CI): the server, the browsers and the runner share them, and
  // keep them busy. Three workers took 14.4 min where CI's two took 13.5 on the same host (2026-12-01,
  // vmstat: no idle CPU throughout), so a third only makes each test wait longer for a core.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: `.artifacts/results-${APP_PORT}`,
  use: {
    baseURL: BASE_URL,
    // Recording a trace made a journey take 31 s instead of 18 (the screencast alone 24, the DOM
    // snapshots alone 20): CI records one only when a failed test runs again; a local run keeps one
    // for every failure, without the screencast (decision 089).
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
  },
  projects: [
    { name: 'en', use: { locale: 'en-US' }, testIgnore: RUN_LAST },
    { name: 'ar', use: { locale: 'ar-SA' }, testIgnore: RUN_LAST },
    // Filling the catalogue past a page (21 courses per language) would push the courses other specs
    // look for off the first page of the catalogue and the admin table: it runs after all of them.
    { name: 'en-last', use: { locale: 'en-US' }, testMatch: RUN_LAST, dependencies: ['en', 'ar'] },
    // One after the other: each language's run adds 21 courses, and new courses arriving while the
    // other one pages through the catalogue shift its offsets (CI saw 23 cards instead of 40).
    { name: 'ar-last', use: { locale: 'ar-SA' }, testMatch: RUN_LAST, dependencies: ['en-last'] },
  ],
  webServer: [
    {
      command: 'npx tsx src/mail-catcher.ts',
      url: `${MAIL_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node ../server/dist/main.js',
      url: `${BASE_URL}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE_URL,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        // A sender of a real domain, as a deployment has: the default (no-reply@localhost) is warned of
        // at start-up whenever SMTP_URL is set (decision 137).
        MAIL_FROM: 'Open Science Courses <no-reply@courses.example.test>',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // ORCID sign-in against the local OpenID provider the mail catcher also serves.
        ORCID_ISSUER,
        ORCID_CLIENT_ID: ORCID_CLIENT.id,
        ORCID_CLIENT_SECRET: ORCID_CLIENT.secret,
        LOG_LEVEL: 'warn',
        // Each test sends its own client address (`extraHTTPHeaders` in src/fixtures.ts).
        TRUST_PROXY: '1',
        // Parallel runs build the web app into their own folder (see packages/e2e/README.md).
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      },
    },
  ],
});
