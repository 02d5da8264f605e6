import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@app/shared';
import { answerErrorsAsPages, withSecurityHeaders, type PageAnswer } from '../../plugins/error-handler.ts';
import { pageAssets } from './public-courses.assets.ts';
import {
  cataloguePage,
  coursePage,
  errorPage,
  missingCataloguePage,
  notFoundPage,
} from './public-courses.pages.ts';
import {
  catalogueView,
  lastCopy,
  pageLanguage,
  pageNumber,
  publicCourse,
  sitemapFile,
  sitemapFileCount,
} from './public-courses.service.ts';
import { coursesSitemap, pagesSitemap, robotsTxt, sitemapIndex } from './public-courses.sitemap.ts';

/**
 * Public, server-rendered course pages for visitors, crawlers and link previews (no account, no
 * JavaScript): /courses, /courses/:id, sitemap.xml, robots.txt. Registered before the SPA fallback.
 * Not part of the JSON API, so hidden from the OpenAPI document.
 */

interface PageQuery {
  lang?: unknown;
  page?: unknown;
}

// Short shared caching: a course that is revoked or hidden disappears within a minute.
const PAGE_CACHE = 'public, max-age=60';

function sendHtml(reply: FastifyReply, status: number, body: string, cache = PAGE_CACHE) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('vary', 'accept-language')
    .send(body);
}

/** The public pages' addresses, which answer people and crawlers: read with GET (or HEAD). */
function isPublicPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const [pathname = ''] = request.url.split('?', 1);
  return pathname === '/courses' || pathname.startsWith('/courses/');
}

/**
 * The page's language as its own route would pick it, from the address itself: an error found while
 * routing (a bad %-escape, an over-long id) comes with no parsed query.
 */
function languageOfAddress(request: FastifyRequest) {
  const start = request.url.indexOf('?');
  const values = new URLSearchParams(start < 0 ? '' : request.url.slice(start + 1)).getAll('lang');
  return pageLanguage(values.length === 1 ? values[0] : values, request.lang);
}

/** A course shown from a copy leaves its cover out: the files' address needs the database too. */
const coverless = <T extends { previewFileId: string | null }>(course: T): T => ({
  ...course,
  previewFileId: null,
});

const sendXml = (reply: FastifyReply, body: string) =>
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(body);

export const publicCoursesRoutes: FastifyPluginAsync = async (app) => {
  const appUrl = app.env.APP_URL;
  // The stylesheet and the web app's font files, read from its build once (decision 110).
  const site = { appUrl, assets: pageAssets(app.env.webDist) };
  const { stylesheet } = site.assets;
  const hide = { schema: { hide: true } };

  /** The last copy of the page `request` asks for, if one is kept (decision 158). */
  function lastCopyOf(request: FastifyRequest) {
    switch (request.routeOptions.url) {
      case '/courses/:id':
        return lastCopy(app.caches, { id: (request.params as { id: string }).id });
      case '/courses': {
        const page = pageNumber((request.query as PageQuery).page);
        return page === null ? undefined : lastCopy(app.caches, { page });
      }
      default:
        return undefined;
    }
  }

  /**
   * While the database is away, a page read before stands in for itself (decision 158), still
   * answered 503 with `Retry-After`: crawlers keep the page they have and come back.
   */
  function copyPage(request: FastifyRequest, lang: Language): string | undefined {
    const copy = lastCopyOf(request);
    if (!copy) return undefined;
    return copy.kind === 'course'
      ? coursePage(coverless(copy.course), site, lang, copy.madeAt)
      : cataloguePage({ ...copy.view, courses: copy.view.courses.map(coverless) }, site, lang, copy.madeAt);
  }

  answerErrorsAsPages(app, {
    claims: isPublicPage,
    send(request, reply, answer: PageAnswer, routed) {
      const lang = languageOfAddress(request);
      const copy = routed && answer.code === 'DATABASE_UNAVAILABLE' ? copyPage(request, lang) : undefined;
      const page = copy ?? errorPage(site, lang, answer.status);
      // "Not found" may be kept a minute, as the routes' own 404s are; any other error ends with its
      // cause (the database back, a link corrected), so no cache may keep it.
      const cache = answer.status === 404 ? PAGE_CACHE : 'no-store';
      if (!routed) withSecurityHeaders(request, reply.type('text/html; charset=utf-8'));
      return sendHtml(reply, answer.status, page, cache);
    },
  });

  app.get<{ Querystring: PageQuery }>('/courses', hide, async (request, reply) => {
    const lang = pageLanguage(request.query.lang, request.lang);
    const page = pageNumber(request.query.page);
    // A page that is not there is a 404 that says so, not a redirect: a redirect to the last page
    // would move as courses come and go (a 301 is kept by browsers for good), and crawlers should
    // drop a stale page address rather than index another page's courses under it (decision 100).
    if (page === null) return sendHtml(reply, 404, missingCataloguePage(site, lang, null));
    const view = await catalogueView(app.db, app.caches, page);
    if ('pastTheEnd' in view) return sendHtml(reply, 404, missingCataloguePage(site, lang, view.pages));
    return sendHtml(reply, 200, cataloguePage(view, site, lang));
  });

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/courses/:id',
    hide,
    async (request, reply) => {
      const lang = pageLanguage(request.query.lang, request.lang);
      const course = await publicCourse(app.db, app.caches, request.params.id);
      if (!course) return sendHtml(reply, 404, notFoundPage(site, lang));
      return sendHtml(reply, 200, coursePage(course, site, lang));
    },
  );

  app.get(stylesheet.path, hide, (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stylesheet.css),
  );

  app.get('/robots.txt', hide, (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(appUrl)),
  );

  app.get('/sitemap.xml', hide, async (_request, reply) =>
    sendXml(reply, sitemapIndex(appUrl, await sitemapFileCount(app.db, app.caches))),
  );

  app.get('/sitemaps/pages.xml', hide, (_request, reply) => sendXml(reply, pagesSitemap(appUrl)));

  app.get<{ Params: { file: string } }>('/sitemaps/courses-:file', hide, async (request, reply) => {
    const entries = await sitemapFile(app.db, request.params.file);
    if (!entries) return reply.callNotFound();
    return sendXml(reply, coursesSitemap(appUrl, entries));
  });
};
