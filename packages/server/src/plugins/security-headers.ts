import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, computed ONCE (decision 039). @fastify/helmet builds and
 * runs helmet for every request, which re-parses the Content-Security-Policy directives each time:
 * about a tenth of a cheap request's CPU. Our options hold no per-request values (no nonces, no
 * directive functions), so the headers are the same for every request: helmet runs once at start-up
 * against a recorder, and a hook sets what it recorded, on the raw response as helmet itself does
 * (a route's own header of the same name still wins, as before). The set depends on what the answer
 * is: a document gets them all; the build's scripts, style sheets and fonts (their route matches
 * `subresources`) only what applies to a file (decision 046); a JSON answer only what applies to data
 * (decision 067). The hook runs at `onSend`, where the answer's type is known.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  { subresources }: { subresources: RegExp },
) {
  const headers = helmetHeaders(options);
  const subresourceHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()));
  const dataHeaders = [
    ...headers.filter(([name]) => DATA_HEADERS.has(name.toLowerCase())),
    ...DATA_ONLY_HEADERS,
  ];
  /** `route`: the matched route, not the address (an unknown /assets/x.js is the not-found page, a document). */
  const setHeaders = (reply: FastifyReply, route: string) => {
    const type = reply.getHeader('content-type');
    const set =
      typeof type === 'string' && JSON_TYPE.test(type)
        ? dataHeaders
        : subresources.test(route)
          ? subresourceHeaders
          : headers;
    for (const [name, value] of set) reply.raw.setHeader(name, value);
  };
  // A callback, not an async function: no promise per answer on the hot routes.
  app.addHook('onSend', (request, reply, payload, done) => {
    setHeaders(reply, request.routeOptions.url ?? '');
    done(null, payload);
  });
  // Fastify answers an error found while routing (a malformed address, one too long) without running
  // any hook: the error handler sets them on that answer, once its type is set.
  app.decorate('setSecurityHeaders', (reply: FastifyReply) => setHeaders(reply, ''));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of an answer no hook sees, by its content type (set it first). */
    setSecurityHeaders(reply: FastifyReply): void;
  }
}

/** `application/json`, `application/ld+json`, `application/problem+json`…, with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * What still applies to a script, style sheet or font (decision 046). The rest — the CSP, framing,
 * opener, referrer and HSTS headers — governs the document that loads them (which has them), not the
 * file; on HTTP/1.1 they were ~1 kB on each of a first screen's ~30 files, more than most of the
 * files themselves. `nosniff` makes a browser refuse a script served with the wrong type; CORP keeps
 * other origins from embedding ours.
 */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/**
 * What applies to JSON (decision 067): the data an API answers is never a document to a browser
 * (the SPA reads it with `fetch`), so the headers that govern a document's scripts, frames, opener,
 * referrer and DNS prefetching have nothing to act on; nine of helmet's twelve, ~600 bytes on every
 * API answer. Kept: the build's files' two, `nosniff` (no answer read as a script or style sheet)
 * and CORP (no other origin embeds it); HSTS (any answer over HTTPS pins the host); and, for
 * someone who opens an API address in a tab, a policy that lets the JSON view load nothing and be
 * framed by no one (OWASP's REST security headers). And `no-store` (decision 077): an answer holds
 * one caller's data (their progress, their scores, an admin's lists), which no browser cache or proxy
 * keeps for the next user of a shared computer; a route whose JSON is public says so with its own
 * `Cache-Control`, which wins.
 */
const DATA_HEADERS = new Set([...SUBRESOURCE_HEADERS, 'strict-transport-security']);
const DATA_ONLY_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['Cache-Control', 'no-store'],
];

/** The headers helmet sets with these options, in its order. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    // Helmet removes only `X-Powered-By`, which Fastify never sets; so a removal must mean that one.
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by')
        throw new Error(`helmet removes ${name}: not supported here`);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
