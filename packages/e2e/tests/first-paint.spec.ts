import type { Page } from '@playwright/test';
import type { Language } from '@app/shared';
import { translator } from '../src/catalogue.ts';
import { expect, snap, test } from '../src/fixtures.ts';

/** What the prerendered pages say in a language (the web catalogues' wording), and its font. */
function T(lang: Language) {
  const t = translator(lang);
  return {
    joinNow: t('Join us now!'),
    description: t(
      'Open Science courses in English and Arabic: open source, open licences and open hardware, learned with a community.',
    ),
    logIn: t('Log In'),
    heading: t('Log In'),
    fontFace: lang === 'ar' ? /cairo-arabic-400/ : /inter-latin-400/,
  };
}

/** Lets the HTML and CSS through but no JavaScript: the page as painted before hydration. */
async function withoutScripts(page: Page) {
  await page.route(/\.m?js(\?|$)/, (route) => route.abort());
}

test.describe('first paint (prerendered public pages)', () => {
  test('the server sends the page already in the stored language and direction', async ({
    request,
    lang,
  }) => {
    const t = T(lang);
    for (const path of ['/', '/login', '/signup', '/forgotpassword', '/resetpassword', '/admin/login']) {
      const response = await request.get(path, { headers: { cookie: `language=${lang}` } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['vary'], path).toMatch(/cookie/i);
      expect(response.headers()['cache-control'], path).toBe('no-cache');
      const html = await response.text();
      expect(html, path).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(html, path).toContain(lang === 'ar' ? '<body class="rtl">' : '<body>');
      expect(html, path).toMatch(new RegExp(`<link rel="preload" href="[^"]*${t.fontFace.source}`));
      // Only the language's own face is preloaded, and no script is inline (the CSP allows none).
      expect(html, path).not.toMatch(lang === 'ar' ? /preload[^>]*inter-latin/ : /preload[^>]*cairo/);
      expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html, path).toMatch(/<div id="root"><[a-z]/);
      // Search results and link previews describe the page in its own language.
      expect(html, path).toContain(`<meta name="description" content="${t.description}" />`);
      expect(html, path).toContain(`<meta property="og:description" content="${t.description}">`);
      expect(html, path).toContain(
        `<meta property="og:locale" content="${lang === 'ar' ? 'ar_AR' : 'en_US'}">`,
      );
    }
    const landing = await (await request.get('/', { headers: { cookie: `language=${lang}` } })).text();
    expect(landing).toContain(t.joinNow);
    // No stored choice: English, the product's default, whatever the browser prefers.
    const fresh = await request.get('/login', { headers: { cookie: '', 'accept-language': 'ar' } });
    expect(await fresh.text()).toContain('<html lang="en" dir="ltr">');
    // Unknown paths get the not-found page with a 404; app routes the app shell in the language.
    const missing = await request.get('/no-such-page', { headers: { cookie: `language=${lang}` } });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain(`<html lang="${lang}"`);
    const shell = await request.get('/dashboard', { headers: { cookie: `language=${lang}` } });
    expect(shell.status()).toBe(200);
    const shellHtml = await shell.text();
    expect(shellHtml).toContain(`<html lang="${lang}"`);
    // Decision 045: screens that open with a header get the shell with its placeholder; the others
    // (here the public certificate check, in the auth layout) an empty one.
    expect(shellHtml).toContain('data-shell-placeholder');
    const certificate = await request.get('/certificates/c1', { headers: { cookie: `language=${lang}` } });
    expect(certificate.status()).toBe(200);
    expect(await certificate.text()).toContain('<div id="root"></div>');
  });

  test('before any script runs the page is painted in the stored language and direction', async ({
    page,
    lang,
  }) => {
    const t = T(lang);
    await withoutScripts(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('link', { name: t.joinNow })).toBeVisible();
      await snap(page, lang, 'prerendered-landing');
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
      await snap(page, lang, 'prerendered-login');
    }
  });

  test("each language's pages fetch only that language's face (Arabic pages draw Latin with Cairo's)", async ({
    page,
    lang,
  }) => {
    // Decision 048: Arabic pages' Latin letters, digits and punctuation (the logo, e-mail addresses,
    // the spaces) come from Cairo's own Latin subset, so they never fetch Inter; English pages never
    // fetch Cairo's Latin subset.
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
    }
    const fetched = fonts.join(' ');
    if (lang === 'ar') {
      expect(fetched).toMatch(/cairo-arabic-400/);
      expect(fetched).toMatch(/cairo-latin-400/);
      expect(fetched).not.toMatch(/inter-/);
    } else {
      expect(fetched).toMatch(/inter-latin-400/);
      expect(fetched).not.toMatch(/cairo-latin/);
    }
  });

  test('with JavaScript disabled the landing page shows its content and its links work', async ({
    browser,
    lang,
  }) => {
    const t = T(lang);
    const context = await browser.newContext({ javaScriptEnabled: false, locale: lang });
    await context.addCookies([{ name: 'language', value: lang, url: test.info().project.use.baseURL! }]);
    const page = await context.newPage();
    await page.goto(test.info().project.use.baseURL!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.joinNow })).toHaveAttribute('href', '/signup');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('banner').getByRole('link', { name: t.logIn }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await context.close();
  });

  test('the stored choice wins over a stale cookie on the static landing page', async ({ page, lang }) => {
    // Local storage says `lang`, the cookie the other language (or nothing, for a choice made before
    // the cookie existed): the server sends the other language, the page brings the cookie in step.
    const other = lang === 'ar' ? 'en' : 'ar';
    await page.context().clearCookies();
    await page
      .context()
      .addCookies([{ name: 'language', value: other, url: test.info().project.use.baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('link', { name: T(lang).joinNow })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe(lang);
  });

  test('hydrating a prerendered page keeps it as it is, without errors or CSP violations', async ({
    page,
    lang,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    // Marks the server's heading once the HTML is parsed, before any module script runs; a mismatch
    // would make React replace it.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} by ${event.sourceFile}`);
      });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          document.querySelector('h1')?.setAttribute('data-server', '');
      });
    });
    for (const path of ['/', '/login', '/signup', '/forgotpassword', '/resetpassword', '/admin/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1[data-server]'), path).toHaveCount(1);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    expect(errors).toEqual([]);
  });
});
