import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PUBLIC_CSS, PUBLIC_CSS_PATH } from './public-courses.css.ts';
import { cataloguePage, coursePage, notFoundPage } from './public-courses.pages.ts';
import {
  catalogueView,
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

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', PAGE_CACHE)
    .header('vary', 'accept-language')
    .send(body);
}

const sendXml = (reply: FastifyReply, body: string) =>
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(body);

export const publicCoursesRoutes: FastifyPluginAsync = async (app) => {
  const appUrl = app.env.APP_URL;
  const hide = { schema: { hide: true } };

  app.get<{ Querystring: PageQuery }>('/courses', hide, async (request, reply) => {
    const lang = pageLanguage(request.query.lang, request.lang);
    const page = pageNumber(request.query.page);
    const view = page === null ? null : await catalogueView(app.db, app.caches, page);
    if (!view) return sendHtml(reply, 404, notFoundPage(appUrl, lang));
    return sendHtml(reply, 200, cataloguePage(view, appUrl, lang));
  });

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/courses/:id',
    hide,
    async (request, reply) => {
      const lang = pageLanguage(request.query.lang, request.lang);
      const course = await publicCourse(app.db, request.params.id);
      if (!course) return sendHtml(reply, 404, notFoundPage(appUrl, lang));
      return sendHtml(reply, 200, coursePage(course, appUrl, lang));
    },
  );

  app.get(PUBLIC_CSS_PATH, hide, (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(PUBLIC_CSS),
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
