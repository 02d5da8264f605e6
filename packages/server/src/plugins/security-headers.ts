import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, computed ONCE (decision 039). @fastify/helmet builds and
 * runs helmet for every request, which re-parses the Content-Security-Policy directives each time:
 * about a tenth of a cheap request's CPU. Our options hold no per-request values (no nonces, no
 * directive functions), so the headers are the same for every request: helmet runs once at start-up
 * against a recorder, and a hook sets what it recorded, on the raw response as helmet itself does
 * (a route's own header of the same name still wins, as before). Requests whose route matches
 * `subresources` (the build's scripts, style sheets and fonts) get only the headers that apply to them.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  { subresources }: { subresources: RegExp },
) {
  const headers = helmetHeaders(options);
  const subresourceHeaders = headers.filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()));
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the address: an unknown /assets/x.js is the not-found page, a document.
    const subresource = subresources.test(request.routeOptions.url ?? '');
    for (const [name, value] of subresource ? subresourceHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * What still applies to a script, style sheet or font (decision 046). The rest — the CSP, framing,
 * opener, referrer and HSTS headers — governs the document that loads them (which has them), not the
 * file; on HTTP/1.1 they were ~1 kB on each of a first screen's ~30 files, more than most of the
 * files themselves. `nosniff` makes a browser refuse a script served with the wrong type; CORP keeps
 * other origins from embedding ours.
 */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

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
