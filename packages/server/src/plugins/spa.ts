import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Language } from '@app/shared';
import { isDatabaseUnavailable, quietWarning } from '../db/availability.ts';
import { answerErrorsAsPages, withSecurityHeaders } from './error-handler.ts';
import { common } from '../lib/common.messages.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { escapeHtml } from '../lib/html.ts';
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
  /** Screens with a placeholder of their own (the course viewer, decision 118): pattern → shell. */
  screenApps?: Record<string, string>;
}

/**
 * The page language is the visitor's stored choice, which the web app mirrors into this cookie; without
 * one, English (description §9: default en) — the same as the app itself decides, so there is no flash.
 */
export function languageFromCookie(header: string | undefined): Language {
  return /(?:^|;\s*)language=ar(?:;|$)/.test(header ?? '') ? 'ar' : 'en';
}

/**
 * A page's language: the address's `?lang=` when it names one (the public course pages' links carry
 * it, and the app stores it as the visitor's choice: `storedLanguage`), else the cookie. Read as the
 * app reads it (the first `lang`), so the page arrives in the language the app will keep, with no
 * second load to put it right.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const query = request.url.indexOf('?');
  const asked = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('lang');
  return asked === 'en' || asked === 'ar' ? asked : languageFromCookie(request.headers.cookie);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** '/certificates/:id' → a pattern of the route's addresses whose named groups are its parameters. */
const routePattern = (route: string) =>
  new RegExp(`^${escapeRegExp(route).replace(/\/:(\w+)/g, '/(?<$1>[^/]+)')}/?$`);

/**
 * What the app shell's head says about the page on one app route, for link previews (decision 101):
 * sent in place of the site's own title and description (`<title>`, `description`, `og:title`,
 * `og:description`); the shell's `og:type` and `og:locale` stay. Plain text: escaped here.
 */
export interface ShellHead {
  title: string;
  description: string;
  /** `<meta name="robots" content="noindex">`: previews, but no search result. */
  noindex: boolean;
}

/**
 * A feature's head for the shell of one app route, from the address's parameters (decoded) and the
 * page's language. `null` — or a throw, which is logged — sends the shell as it is.
 */
export type ShellHeadFor = (params: Record<string, string>, lang: Language) => Promise<ShellHead | null>;

/** The address's parameters, decoded; null when one is not (a malformed %-escape). */
function paramsOf(pattern: RegExp, pathname: string): Record<string, string> | null {
  try {
    const groups = Object.entries(pattern.exec(pathname)?.groups ?? {});
    return Object.fromEntries(groups.map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return null;
  }
}

/**
 * The shell with `head` in its `<head>`: the text of the tags it describes replaced (a tag the shell
 * lacks is added before `</head>`), everything else — its scripts above all (decision 043) — byte
 * for byte as built. String slicing, not `replace`: a `$` in a name stays a `$`.
 */
export function shellWithHead(shell: string, head: ShellHead): string {
  const tags = [
    ['<title>', head.title, '</title>'],
    ['<meta name="description" content="', head.description, '">'],
    ['<meta property="og:title" content="', head.title, '">'],
    ['<meta property="og:description" content="', head.description, '">'],
  ] as const;
  const added = head.noindex ? ['<meta name="robots" content="noindex">'] : [];
  let page = shell;
  for (const [opening, text, closing] of tags) {
    const value = escapeHtml(text);
    const start = page.indexOf(opening);
    // The shell's own text is escaped too: it ends at the first `<` (title) or `"` (attribute).
    const end = start < 0 ? -1 : page.indexOf(closing.charAt(0), start + opening.length);
    if (end < 0) added.push(`${opening}${value}${closing}`);
    else page = `${page.slice(0, start + opening.length)}${value}${page.slice(end)}`;
  }
  const close = page.indexOf('</head>');
  if (!added.length || close < 0) return page;
  return `${page.slice(0, close)}${added.map((tag) => `  ${tag}\n  `).join('')}${page.slice(close)}`;
}

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
 * `shellHeads`: app route pattern → what a feature says about that page in the shell's head
 * (decision 101; app.ts passes them, so no plugin imports a feature).
 */
export async function registerSpa(
  app: FastifyInstance,
  apiMethods: (pathname: string) => string[],
  shellHeads: Record<string, ShellHeadFor> = {},
) {
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
  const screenApps = Object.entries(prerendered?.screenApps ?? {}).map(([route, shell]) => ({
    pattern: routePattern(route),
    shell,
  }));
  const described = Object.entries(shellHeads).map(([route, headFor]) => ({
    route,
    pattern: routePattern(route),
    headFor,
  }));
  const warnUnavailable = quietWarning('database unavailable; app shells sent without their page heads');

  /**
   * Pages' text, read once, for those sent changed: a public page asked for with a query (its links
   * rewritten), an app shell with a feature's head (decision 101).
   */
  const pageText = new Map<string, string>();
  const textOf = (file: string) =>
    kept(pageText, file, () => readFileSync(path.join(dist ?? '', file), 'utf8'));

  /** `edit`: the page's text is sent changed by it, else the file as it is. */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    status = 200,
    edit?: (text: string) => string,
  ) => {
    const file = path.join('prerendered', pageLanguage(request), `${name}.html`);
    reply.status(status).header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (!edit) return reply.sendFile(file);
    return reply.type('text/html; charset=utf-8').send(edit(textOf(file)));
  };

  /** A public page asked for with a query: its links keep it (page-links.ts). */
  const withQuery = (request: FastifyRequest) =>
    request.url.includes('?')
      ? (text: string) => {
          const url = new URL(request.url, 'http://page');
          return carryQuery(text, url.pathname, url.searchParams);
        }
      : undefined;

  /**
   * The shell, with the head a feature gives for its route (decision 101) when it gives one. Never an
   * error: whatever stops the head (an unknown id, the database away) leaves the shell as it is, and
   * the app then says what is wrong.
   */
  const sendShell = (request: FastifyRequest, reply: FastifyReply, shell: string, pathname: string) => {
    const route = described.find(({ pattern }) => pattern.test(pathname));
    return route ? sendDescribed(request, reply, shell, pathname, route) : sendPage(request, reply, shell);
  };
  const sendDescribed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    shell: string,
    pathname: string,
    { route, pattern, headFor }: (typeof described)[number],
  ) => {
    const params = paramsOf(pattern, pathname);
    let head: ShellHead | null = null;
    try {
      head = params && (await headFor(params, pageLanguage(request)));
    } catch (error) {
      // The route's pattern, not the address: another route's parameter may be a secret (a token).
      if (isDatabaseUnavailable(error)) warnUnavailable(request.log, error);
      else request.log.error({ err: error, route }, 'app shell head failed; the shell was sent without it');
    }
    return sendPage(request, reply, shell, 200, head ? (text) => shellWithHead(text, head) : undefined);
  };

  if (prerendered) await registerPagePosts(app, Object.keys(prerendered.pages));
  if (prerendered) {
    // A browser's address the server cannot read (a link cut inside a %-escape) is a page read like
    // any other: the not-found page in the reader's language, with the error's status, rather than
    // the API's JSON. Registered after the features' own error pages (app.ts), which are found first.
    answerErrorsAsPages(app, {
      claims: isPageRead,
      send(request, reply, { status }, routed) {
        reply.type('text/html; charset=utf-8');
        if (!routed) withSecurityHeaders(request, reply);
        const file = path.join('prerendered', pageLanguage(request), `${prerendered.notFound}.html`);
        return reply
          .status(status)
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie')
          .send(textOf(file));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = isApiPath(pathname);
    const allowed = (isApi ? apiMethods(pathname) : []).join(', ');
    if (allowed) {
      void reply.header('allow', allowed);
      throw new AppError(405, 'METHOD_NOT_ALLOWED', common.methodNotAllowed, {
        method: request.method,
        allowed,
      });
    }
    const matches = (patterns: RegExp[]) => patterns.some((pattern) => pattern.test(pathname));
    const page = prerendered?.pages[pathname];
    const screen = screenApps.find(({ pattern }) => pattern.test(pathname));
    const isPage = Boolean(page || screen || matches(headerRoutes) || matches(appRoutes));
    if (isPage && !isApi && !isFile(pathname) && !isPageRead(request)) {
      // A page's address asked with another method (DELETE /dashboard): the page is there, the method
      // is not (RFC 9110 §15.5.6), as for the API's routes. A prerendered page also takes the POST of
      // a form sent before the app took it over (registerPagePosts).
      const allowed = page ? 'GET, HEAD, POST' : 'GET, HEAD';
      void reply.header('allow', allowed);
      throw new AppError(405, 'METHOD_NOT_ALLOWED', common.pageMethodNotAllowed, {
        method: request.method,
        allowed,
      });
    }
    if (!dist || !isPageRead(request)) throw notFound(isApi ? common.routeNotFound : common.notFound); // the envelope, as every error
    // A build without prerendered pages (should not happen; kept for `vite build` alone): the shell.
    if (!prerendered) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    if (page) return sendPage(request, reply, page, 200, withQuery(request));
    if (screen) return sendShell(request, reply, screen.shell, pathname);
    if (prerendered.headerApp && matches(headerRoutes))
      return sendShell(request, reply, prerendered.headerApp, pathname);
    if (matches(appRoutes)) return sendShell(request, reply, prerendered.app, pathname);
    return sendPage(request, reply, prerendered.notFound, 404);
  });
}

/**
 * A browser reading a page: not the API, not a file (a missing asset is the JSON 404). HEAD is GET
 * without the body (Node drops it): monitors and link checkers ask pages with it.
 */
function isPageRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const [pathname = ''] = request.url.split('?', 1);
  return !isApiPath(pathname) && !isFile(pathname);
}

/** An address that names a file (`/assets/app.js`, `/favicon.ico`), not a page. */
const isFile = (pathname: string) => /\.\w+$/.test(pathname);

/** The API's paths, `/api` itself included (it answered the HTML 404 page, `/api/v1` the envelope). */
const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

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
