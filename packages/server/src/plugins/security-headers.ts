import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, computed ONCE (decision 039). @fastify/helmet builds and
 * runs helmet for every request, which re-parses the Content-Security-Policy directives each time:
 * about a tenth of a cheap request's CPU. Our options hold no per-request values (no nonces, no
 * directive functions), so the headers are the same for every request: helmet runs once at start-up
 * against a recorder, and a hook sets what it recorded, on the raw response as helmet itself does
 * (a route's own header of the same name still wins, as before).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

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
