import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

const noop = () => {};

/**
 * Remembers, from `onRoute`, which methods each API route answers, so that the not-found handler can
 * tell "no such address" (404) from "this address, another method" (405 with `Allow`, RFC 9110
 * §15.5.6): a client that sent `POST` to a `GET` route was told the route did not exist. Fastify's own
 * router answers the request and exposes no lookup by path, so the routes are kept in a second router
 * of the same kind, consulted only for requests that are already a 404. Call before any route exists.
 */
export function trackApiMethods(app: FastifyInstance): (pathname: string) => string[] {
  const router = FindMyWay();
  const methods = new Set<FindMyWay.HTTPMethod>();
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) return;
    for (const method of [route.method].flat().map((m) => m.toUpperCase() as FindMyWay.HTTPMethod)) {
      // Fastify adds the HEAD of every GET itself (and calls this hook for it too).
      if (router.hasRoute(method, route.url)) continue;
      router.on(method, route.url, noop);
      methods.add(method);
    }
  });
  return (pathname) => [...methods].filter((method) => router.find(method, pathname) !== null);
}
