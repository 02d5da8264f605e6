import { mkdirSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import axe from 'axe-core';
import type { Language, SignupRole, User } from '@app/shared';
import { translator, type Translate } from './catalogue.ts';
import { ADMIN, BASE_URL, MAIL_URL } from './ports.ts';

export { expect };

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  token: string;
  user: User;
}

let counter = 0;
/** A unique address per call, per worker and per run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

/** Polls the SMTP catcher until a mail to `to` (matching `predicate`) arrives. */
export async function waitForMail(
  to: string,
  predicate: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${MAIL_URL}/messages?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as CaughtMail[];
    const match = mails.filter(predicate).at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

/** The verification link's token from a verification mail. */
export function verificationTokenFrom(mail: CaughtMail): string {
  const match = /\/verifyemail\/([A-Za-z0-9_-]+)/.exec(mail.text + mail.html);
  if (!match?.[1]) throw new Error(`No verification link in mail "${mail.subject}"`);
  return match[1];
}

/** The 6-digit reset code from a password-reset mail. */
export function resetCodeFrom(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No reset code in mail "${mail.subject}"`);
  return match[1];
}

/** Creates a verified account through the public API (signup → mail → verify → login). */
export async function createAccount(
  request: APIRequestContext,
  role: SignupRole = 'EndUser',
  names: { firstname?: string; lastname?: string } = {},
): Promise<Account> {
  const email = uniqueEmail(role.toLowerCase());
  const password = 'e2e-password-123';
  const firstname = names.firstname ?? 'Test';
  const lastname = names.lastname ?? role;
  const signup = await request.post('/api/v1/auth/signup', {
    data: { firstname, lastname, email, password, passwordConfirm: password, role },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = verificationTokenFrom(await waitForMail(email));
  expect((await request.get(`/api/v1/auth/verifyemail/${token}`)).status()).toBe(200);
  return { ...(await login(request, email, password)), email, password, firstname, lastname };
}

export async function login(request: APIRequestContext, email: string, password: string, admin = false) {
  const response = await request.post(`/api/v1/auth/${admin ? 'login-admin' : 'login'}`, {
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { access_token: string; user: User } };
  return { token: body.data.access_token, user: body.data.user };
}

/** Puts a session in the browser's storage, as a successful sign-in would. */
export async function signInBrowser(page: Page, account: { token: string; user: User }) {
  if (page.url() === 'about:blank') await page.goto('/404-for-storage');
  await page.evaluate(
    ([token, userId]) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('user_id', userId);
    },
    [account.token, account.user._id] as const,
  );
}

/** An administrator's session, through the admin sign-in endpoint. */
export function adminSession(request: APIRequestContext) {
  return login(request, ADMIN.email, ADMIN.password, true);
}

/** Opens `path` signed in as `account` (the session put in storage, as a successful sign-in would). */
export async function openSignedIn(page: Page, account: { token: string; user: User }, path: string) {
  await signInBrowser(page, account);
  await page.goto(path);
}

/** Signs in through the log-in form on the page, as a reader would. */
export async function signInWithForm(page: Page, lang: Language, email: string, password: string) {
  const t = translator(lang);
  const main = page.getByRole('main');
  await main.getByLabel(t('Email'), { exact: true }).fill(email);
  await main.getByLabel(t('Password'), { exact: true }).fill(password);
  await main.getByRole('button', { name: t('Log In'), exact: true }).click();
}

/** The WCAG 2.2 A and AA rules: what every page is checked against. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * WCAG 2.2 A/AA checks of the page as it is now: axe-core run in the page itself (decision 088). It
 * is put into each document once (the app navigates without reloading, so a journey's later checks
 * reuse it) and reports violations only, the one result the check reads: `@axe-core/playwright`
 * evaluated its 650 kB source two or three times per check and finished each one in a new tab, ~3 s
 * per check on a slow host. Frames are not looked into: the app's only ones, a PDF preview (the
 * browser's viewer) and a video (YouTube's player), are not its own documents.
 */
export async function expectAccessible(page: Page, exclude: string[] = []) {
  // A toast fading in or out has its text at part opacity, which axe reports as low contrast; one that
  // times out while axe runs (a second or more) starts fading then. So the check sees the page frozen
  // as it settles: running animations jump to their end, none starts or moves until axe is done.
  const freeze = await page.addStyleTag({
    content:
      '*, *::before, *::after { animation-play-state: paused !important; transition: none !important; }',
  });
  await page.evaluate(() => {
    for (const animation of document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity))
      try {
        animation.finish();
      } catch {
        // An animation with no end (zero playback rate) stays where it is.
      }
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ([excluded, tags]) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(
        { exclude: excluded.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false },
      );
      return results.violations.map(({ id, help, nodes }) => ({
        id,
        help,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
    },
    [exclude, WCAG_TAGS] as const,
  );
  await freeze.evaluate((style) => style.parentNode?.removeChild(style));
  const summary = violations.map(({ id, help, targets }) => `${id}: ${help} → ${targets.join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Saves a screenshot to .artifacts/screenshots/<lang>-<name>-<width>.png for people to look at: the
 * whole page, or only the viewport (`fullPage: false`, e.g. for a modal dialog over a long page).
 */
export async function snap(page: Page, lang: Language, name: string, { fullPage = true } = {}) {
  mkdirSync('.artifacts/screenshots', { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `.artifacts/screenshots/${lang}-${name}-${width}.png`, fullPage });
}

/**
 * `snap` at 1280 px and at 375 px, back at 1280 px afterwards; `accessible` also runs the axe checks
 * at 375 px (the wide layout is usually checked by the test itself).
 */
export async function snapAtBothWidths(
  page: Page,
  lang: Language,
  name: string,
  { accessible = false, fullPage = true, height = 800 } = {},
) {
  await page.setViewportSize({ width: 1280, height });
  await snap(page, lang, name, { fullPage });
  await page.setViewportSize({ width: 375, height });
  if (accessible) await expectAccessible(page);
  await snap(page, lang, name, { fullPage });
  await page.setViewportSize({ width: 1280, height });
}

/** Test contexts this worker has given a client address (the `extraHTTPHeaders` fixture below). */
let clients = 0;

/**
 * `lang` is the project's language; pages start in it (a later switch by the test is kept). `t` gives
 * the web catalogues' message for an English source text in that language (src/catalogue.ts).
 */
export const test = base.extend<{ lang: Language; t: Translate }>({
  // Each test is a client of its own address, as each person is: the e2e server trusts
  // X-Forwarded-For as behind a proxy (TRUST_PROXY, playwright.config.ts). From one address, the
  // suite passed the per-address limits of sign-ups and sign-ins a minute (auth.limits.ts) on a fast
  // host: journeys waited out 429s, and a sign-up through the form was refused.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    clients += 1;
    const address = `10.${testInfo.workerIndex % 256}.${(clients >> 8) % 256}.${clients % 256}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured object.
  lang: async ({}, use, testInfo) => {
    await use(testInfo.project.name.startsWith('ar') ? 'ar' : 'en');
  },
  t: async ({ lang }, use) => {
    await use(translator(lang));
  },
  page: async ({ page, lang }, use) => {
    // The app keeps the choice in local storage and mirrors it into a cookie for the server, which
    // sends the page already in that language (decision 022); a visitor who chose `lang` has both.
    await page.context().addCookies([{ name: 'language', value: lang, url: BASE_URL }]);
    await page.addInitScript((language) => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
    }, lang);
    await use(page);
  },
});

/**
 * Holds the app's entry script until `release()`, as on a slow network; the HTML and the small early
 * modules (decisions 037, 043) pass. Each call holds the next page load again.
 */
export async function holdApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The whole verification link of a verification mail, to open it as the reader would. */
export function verificationLinkFrom(mail: CaughtMail): string {
  const match = /https?:\/\/[^\s"'<>]+\/verifyemail\/[A-Za-z0-9_-]+/.exec(mail.text + mail.html);
  if (!match) throw new Error(`No verification link in mail "${mail.subject}"`);
  return match[0];
}
