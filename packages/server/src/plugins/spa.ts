import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ErrorEnvelope } from '@app/shared';
import { common } from '../lib/common.messages.ts';
import { localize } from '../lib/localize.ts';

/**
 * Serves the built web app: hashed assets with long-lived immutable caching, and index.html (never
 * cached) for every other non-API path so client-side routes work on reload.
 */
export async function registerSpa(app: FastifyInstance) {
  const dist = app.env.webDist;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(dist, 'assets'));
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/');
    if (isApi || !dist || request.method !== 'GET' || /\.\w+$/.test(request.url.split('?')[0] ?? '')) {
      const body: ErrorEnvelope = {
        success: false,
        code: 'NOT_FOUND',
        message: localize(request.lang, isApi ? common.routeNotFound : common.notFound),
      };
      return reply.status(404).send(body);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
