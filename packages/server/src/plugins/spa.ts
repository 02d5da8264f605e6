import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Language } from '@app/shared';
import { common } from '../lib/common.messages.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { kept } from '../lib/kept.ts';
import { carryQuery } from './page-links.ts';

/** dist/prerendered/pages.json, written by packages/web/scripts/prerender.mjs (decision 022). */
interface PrerenderedPages {
  pages: Record<string, string>;
  notFound: string;
  app: string;
  appRoutes: string[];
  /** The app shell that paints a header placeholder, for the routes that open with one (decision 045). */
  headerApp?: string;
  headerRoutes?: string[];
}

/**
 * The page language is the visitor's stored choice, which the web app mirrors into this cookie; without
 * one, English (description §9: default en) — the same as the app itself decides, so there is no flash.
 */
export function languageFromCookie(header: string | undefined): Language {
  return /(?:^|;\s*)language=ar(?:;|$)/.test(header ?? '') ? 'ar' : 'en';
}

const routePattern = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}/?$`);

function readPages(dist: string): PrerenderedPages | null {
  const file = path.join(dist, 'prerendered', 'pages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderedPages) : null;
}

/**
 * The build's scripts, style sheets and fonts (hashed, under /assets/): the security headers send them
 * only what applies to such files (decision 046). Not the PDF worker (`.mjs`: a worker obeys the CSP
 * its own response carries) nor anything a browser could open as a document (SVG, HTML).
 */
export const BUILD_SUBRESOURCE = /^\/assets\/[^/?#]+\.(?:js|css|woff2?)(?:[?#]|$)/;

/**
 * Serves the built web app: hashed assets (precompressed brotli/gzip) with long-lived immutable
 * caching; the public pages prerendered in the visitor's language; the app shell in that language
 * for the other app routes (with its header placeholder for those that open with a header); the
 * prerendered not-found page with status 404 for anything else. Pages are never cached without
 * revalidation and vary by the language cookie. An API address no route answers is a 404 envelope,
 * or 405 when `apiMethods` (`trackApiMethods`) says the path exists under other methods.
 */
export async function registerSpa(app: FastifyInstance, apiMethods: (pathname: string) => string[]) {
  const dist = app.env.webDist;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(dist, 'assets'));
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const prerendered = dist ? readPages(dist) : null;
  const appRoutes = (prerendered?.appRoutes ?? []).map(routePattern);
  const headerRoutes = (prerendered?.headerRoutes ?? []).map(routePattern);

  /** Public pages' text, read once, for the ones asked for with a query (their links are rewritten). */
  const pageText = new Map<string, string>();
  const textOf = (file: string) =>
    kept(pageText, file, () => readFileSync(path.join(dist ?? '', file), 'utf8'));

  /** `withQuery`: a public page whose links keep the request's query (page-links.ts). */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    status = 200,
    withQuery = false,
  ) => {
    const file = path.join('prerendered', languageFromCookie(request.headers.cookie), `${name}.html`);
    reply.status(status).header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (!withQuery) return reply.sendFile(file);
    const url = new URL(request.url, 'http://page');
    return reply
      .type('text/html; charset=utf-8')
      .send(carryQuery(textOf(file), url.pathname, url.searchParams));
  };

  if (prerendered) await registerPagePosts(app, Object.keys(prerendered.pages));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = request.url.startsWith('/api/');
    // HEAD is GET without the body (Node drops it): monitors and link checkers ask pages with it.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const allowed = (isApi ? apiMethods(pathname) : []).join(', ');
    if (allowed) {
      void reply.header('allow', allowed);
      throw new AppError(405, 'METHOD_NOT_ALLOWED', common.methodNotAllowed, {
        method: request.method,
        allowed,
      });
    }
    if (isApi || !dist || !isRead || /\.\w+$/.test(pathname))
      throw notFound(isApi ? common.routeNotFound : common.notFound); // the envelope, as every error
    // A build without prerendered pages (should not happen; kept for `vite build` alone): the shell.
    if (!prerendered) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    const page = prerendered.pages[pathname];
    if (page) return sendPage(request, reply, page, 200, request.url.includes('?'));
    const matches = (patterns: RegExp[]) => patterns.some((pattern) => pattern.test(pathname));
    if (prerendered.headerApp && matches(headerRoutes))
      return sendPage(request, reply, prerendered.headerApp);
    if (matches(appRoutes)) return sendPage(request, reply, prerendered.app);
    return sendPage(request, reply, prerendered.notFound, 404);
  });
}

/**
 * The prerendered forms say `method="post"` (decision 037), so a submission the app has not taken
 * over yet (its early module not loaded) never carries the typed fields — a password — in the address,
 * the history or the logs. Such a POST is not an API call: its body is read (within a small limit)
 * and dropped, and the browser is sent back to the page with 303, so it shows the form again rather
 * than a 404 or a 415.
 */
async function registerPagePosts(app: FastifyInstance, pages: string[]) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    for (const page of pages)
      scope.post(page, { schema: { hide: true } }, (request, reply) => {
        // Re-serialised, so the Location header is plain ASCII whatever the request line held.
        const { pathname, search } = new URL(request.url, 'http://page');
        return reply.redirect(`${pathname}${search}`, 303);
      });
  });
}
