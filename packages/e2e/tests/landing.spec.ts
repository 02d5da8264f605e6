import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Language } from '@app/shared';
import { escapeRegExp, translator } from '../src/catalogue.ts';
import { expect, expectAccessible, snap, test } from '../src/fixtures.ts';

/** Each language's own name, as the language menu writes it (never translated). */
const NATIVE_NAME = { en: 'English', ar: 'العربية' } as const;

/** The landing page's visible strings in a language, from the web catalogues. */
function T(lang: Language) {
  const t = translator(lang);
  return {
    logIn: t('Log In'),
    signUp: t('Sign Up'),
    joinNow: t('Join us now!'),
    startLearning: new RegExp(`^${escapeRegExp(t('Start Learning'))}`),
    featured: [t('Unlocking the Secrets of Open Science'), t('Starting Your Open Science Journey')],
    comingSoon: t('Coming Soon'),
    seeAll: t('See All Courses'),
    practices: [t('OPEN SOURCE'), t('OPEN LICENSE'), t('OPEN HARDWARE')],
    supporters: t('Our Supporters'),
    joinUs: t('Join Us'),
    overview: t('Overview'),
    usefulLinks: t('Useful links'),
    courses: t('Courses'),
    blog: new RegExp(escapeRegExp(t('Blog'))),
    plain: [t('Guidelines'), t('Resources'), t('FAQ')],
    // The icon links' names (their aria-label), whole.
    social: [
      t('OSCSA on X (Twitter), opens in a new tab'),
      t('OSCSA on LinkedIn, opens in a new tab'),
      t('OSCSA on GitHub, opens in a new tab'),
    ].map((name) => new RegExp(escapeRegExp(name))),
    openMenu: t('Open menu'),
    closeMenu: t('Close menu'),
    language: NATIVE_NAME[lang],
    other: NATIVE_NAME[otherLanguage(lang)],
  };
}

const otherLanguage = (lang: Language): Language => (lang === 'en' ? 'ar' : 'en');

test.describe('landing page', () => {
  test('has every block of the description with the right links', async ({ page, lang }) => {
    const t = T(lang);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: t.logIn })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: t.signUp })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: t.joinNow })).toHaveAttribute('href', '/signup');

    for (const name of t.featured) await expect(page.getByRole('heading', { name })).toBeVisible();
    const starts = page.getByRole('link', { name: t.startLearning });
    await expect(starts).toHaveCount(2);
    for (const link of await starts.all()) await expect(link).toHaveAttribute('href', '/login');

    // Upcoming courses: 'Coming Soon' on hover and on keyboard focus.
    const upcoming = page.locator('section[aria-labelledby="upcoming-title"] li button');
    await expect(upcoming).toHaveCount(4);
    await upcoming.first().hover();
    await expect(page.getByRole('tooltip')).toContainText(t.comingSoon);
    await page.mouse.move(0, 0);
    await upcoming.nth(1).focus();
    await expect(page.getByRole('tooltip')).toContainText(t.comingSoon);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: t.seeAll })).toHaveAttribute('href', '/login');

    // Open practices: three cards, each with its own background colour.
    const colours = new Set<string>();
    for (const name of t.practices) {
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(card).toBeVisible();
      colours.add(await card.evaluate((element) => getComputedStyle(element).backgroundColor));
    }
    expect(colours.size).toBe(3);

    await expect(page.getByRole('heading', { name: t.supporters })).toBeVisible();
    await expect(page.getByRole('link', { name: t.joinUs, exact: true })).toHaveAttribute('href', '/login');
    for (const name of ['Creative Commons', 'GitHub', 'Nextflow', 'R', 'web3'])
      await expect(
        page.locator('section[aria-labelledby="tools-title"] li', { hasText: name }).first(),
      ).toBeVisible();

    // Tabs: Overview first, Useful links holds real external links.
    await expect(page.getByRole('tab', { name: t.overview })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: t.usefulLinks }).click();
    const links = page.getByRole('tabpanel').getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }

    // Footer.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: t.courses, exact: true })).toHaveAttribute(
      'href',
      '/login',
    );
    const blog = footer.getByRole('link', { name: t.blog });
    await expect(blog).toHaveAttribute('target', '_blank');
    await expect(blog).toHaveAttribute('rel', /noopener/);
    for (const text of t.plain) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
      await expect(footer.getByRole('link', { name: text, exact: true })).toHaveCount(0);
    }
    for (const name of t.social)
      await expect(footer.getByRole('link', { name })).toHaveAttribute('rel', /noopener/);
    await expect(footer.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

    await expectAccessible(page);
    await page.getByRole('tab', { name: t.overview }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, lang, 'landing');
  });

  test('language choice persists across a reload and flips the direction', async ({ page, lang }) => {
    const t = T(lang);
    const other = otherLanguage(lang);
    await page.goto('/');
    const toggle = page.getByRole('banner').getByTestId('language-toggle');
    await expect(toggle).toContainText(t.language);

    // The dropdown closes on Escape and on an outside click.
    await toggle.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();

    await toggle.click();
    await page.getByRole('menuitemradio', { name: t.other }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
    expect(await page.evaluate(() => document.body.classList.contains('rtl'))).toBe(other === 'ar');
    await expect(page.getByRole('link', { name: T(other).joinNow })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(other);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('html')).toHaveAttribute('dir', other === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('link', { name: T(other).joinNow })).toBeVisible();

    // The API is asked in the chosen language too.
    const request = page.waitForRequest((r) => r.url().includes('/api/v1/auth/config'));
    await page
      .getByRole('banner')
      .getByRole('link', { name: T(other).logIn })
      .click();
    expect((await request).headers()['accept-language']).toBe(other);
  });

  test('opened in a language by its address (?lang=), the page follows the language chosen next (decisions 117, 121)', async ({
    page,
    lang,
  }) => {
    const other = otherLanguage(lang);
    // As a public course page's link does: the address names a language, here this project's.
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('banner').getByTestId('language-toggle').click();
    await page.getByRole('menuitemradio', { name: T(lang).other }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    // The choice took `lang` out of the address, so the address no longer overrules it.
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.getByRole('link', { name: T(other).joinNow })).toBeVisible();
  });

  test('below 1030 px a menu button opens the sidebar', async ({ page, lang }) => {
    const t = T(lang);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(header.getByRole('link', { name: t.logIn })).toBeHidden();
    await snap(page, lang, 'landing');
    await expectAccessible(page);

    await header.getByRole('button', { name: t.openMenu }).click();
    const sidebar = page.getByRole('dialog');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', { name: /OSCSA/ })).toHaveAttribute('href', '/');
    await expect(sidebar.getByTestId('language-toggle')).toBeVisible();
    await expect(sidebar.getByRole('button', { name: t.closeMenu })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: t.logIn })).toHaveAttribute('href', '/login');
    await expect(sidebar.getByRole('link', { name: t.signUp })).toHaveAttribute('href', '/signup');
    await expectAccessible(page);
    await page.screenshot({ path: `.artifacts/screenshots/${lang}-landing-sidebar-375.png` });

    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await header.getByRole('button', { name: t.openMenu }).click();
    await sidebar.getByRole('button', { name: t.closeMenu }).click();
    await expect(sidebar).toBeHidden();

    // The sidebar's language toggle works too.
    await header.getByRole('button', { name: t.openMenu }).click();
    await sidebar.getByTestId('language-toggle').click();
    await page.getByRole('menuitemradio', { name: t.other }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', otherLanguage(lang));

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(header.getByRole('link', { name: T(otherLanguage(lang)).logIn })).toBeVisible();
  });

  test('loads no dashboard, viewer, authoring or PDF code; reports its JavaScript size', async ({
    page,
    lang,
  }) => {
    const scripts = new Map<string, string>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (/\.(m?js)$/.test(url.pathname)) scripts.set(url.pathname, await response.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Message catalogs (JSON-only modules) are loaded per language; everything else is code.
    const isCatalog = (source: string) => /^var \w+=JSON\.parse\(`\{/.test(source) && source.length < 40_000;
    const code = [...scripts].filter(([, source]) => !isCatalog(source)).map(([path]) => path);
    const forbidden =
      /(dashboard|course-viewer|course-form|add-course|authoring|admin|viewer|pdf|quiz|table)/i;
    expect(code.filter((path) => forbidden.test(path.split('/').pop() ?? ''))).toEqual([]);
    for (const [path, source] of scripts) {
      expect(source, `${path} must not contain pdf.js`).not.toContain('GlobalWorkerOptions');
    }

    // Sizes of the files as built (the server compresses them on the wire).
    const dist = process.env.E2E_WEB_DIST ?? join(process.cwd(), '../web/dist');
    const gzipOf = (path: string) => gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
    let raw = 0;
    let gzip = 0;
    let routeGzip = 0;
    for (const path of scripts.keys()) {
      raw += readFileSync(join(dist, path)).length;
      const size = gzipOf(path);
      gzip += size;
      // The landing route's own code (not the shared shell, not catalogs).
      if (/\/landing-[\w-]+\.js$/.test(path) && !isCatalog(scripts.get(path) ?? '')) routeGzip += size;
    }
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    const report = `${scripts.size} files, ${kB(raw)}, gzip ${kB(gzip)} (landing route code: gzip ${kB(routeGzip)})`;
    test.info().annotations.push({ type: `landing JavaScript (${lang})`, description: report });
    console.log(`Landing page JavaScript (${lang}): ${report}`);
    // Budgets: the whole first load (shell + landing) and the landing page's own chunk.
    expect(routeGzip).toBeGreaterThan(0);
    expect(routeGzip).toBeLessThan(20 * 1024);
    expect(gzip).toBeLessThan(230 * 1024);
  });
});
