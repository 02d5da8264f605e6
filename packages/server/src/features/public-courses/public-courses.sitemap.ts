import { LANGUAGES } from '@app/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { SitemapEntry } from './public-courses.repository.ts';
import { catalogueUrl, courseUrl } from './public-courses.urls.ts';

/**
 * sitemap.xml (an index of files, so it keeps working with any number of courses: each file lists
 * COURSES_PER_SITEMAP courses × 2 languages, under the protocol's 50,000 URLs) and robots.txt.
 */
export const COURSES_PER_SITEMAP = 20_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndex(appUrl: string, courseFiles: number): string {
  const files = [`${appUrl}/sitemaps/pages.xml`];
  for (let n = 1; n <= courseFiles; n++) files.push(`${appUrl}/sitemaps/courses-${n}.xml`);
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n'
  );
}

/** One `<url>` per language, each naming all its alternates (Google's hreflang-in-sitemap form). */
function urlEntries(urls: { en: string; ar: string; default: string }, lastmod: Date | null): string {
  const alternates =
    LANGUAGES.map(
      (lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(urls[lang])}"/>\n`,
    ).join('') +
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(urls.default)}"/>\n`;
  return LANGUAGES.map(
    (lang) =>
      `  <url>\n    <loc>${escapeHtml(urls[lang])}</loc>\n` +
      (lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>\n` : '') +
      alternates +
      '  </url>\n',
  ).join('');
}

function urlset(body: string): string {
  return (
    XML_HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    body +
    '</urlset>\n'
  );
}

/** The landing page and the first catalogue page (crawlers follow its pager to the others). */
export function pagesSitemap(appUrl: string): string {
  return urlset(
    `  <url><loc>${escapeHtml(`${appUrl}/`)}</loc></url>\n` +
      urlEntries(
        {
          en: catalogueUrl(appUrl, 'en'),
          ar: catalogueUrl(appUrl, 'ar'),
          default: catalogueUrl(appUrl, null),
        },
        null,
      ),
  );
}

export function coursesSitemap(appUrl: string, entries: SitemapEntry[]): string {
  return urlset(
    entries
      .map((entry) =>
        urlEntries(
          {
            en: courseUrl(appUrl, entry.id, 'en'),
            ar: courseUrl(appUrl, entry.id, 'ar'),
            default: courseUrl(appUrl, entry.id, null),
          },
          entry.updatedAt,
        ),
      )
      .join(''),
  );
}

/**
 * Public pages and cover images may be crawled; the API, the signed-in app and one-time links not.
 * (Files are reachable only by their unguessable ids, which only public pages reveal for covers.)
 */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/files/',
    'Disallow: /api/',
    'Disallow: /course/',
    'Disallow: /dashboard',
    'Disallow: /contributor/',
    'Disallow: /admin/',
    'Disallow: /verifyemail/',
    'Disallow: /resetpassword',
    'Disallow: /auth/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
