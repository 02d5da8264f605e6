import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/availability.ts';

const healthSchema = z.object({
  /** `degraded`: something is missing; the status code says whether this instance can serve. */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  /** `unused` without REDIS_URL; `unavailable` means per-instance rate-limit counters for now. */
  redis: z.enum(['ok', 'unavailable', 'unused']),
});

/**
 * For load balancers and monitors: 200 while this instance can serve (Redis away only weakens rate
 * limits), 503 while the database is unreachable so the balancer stops sending it traffic.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while the database answers, 503 while it does not',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const redis = app.sharedCounters.state();
      let database: 'ok' | 'unavailable' = 'ok';
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        database = 'unavailable';
      }
      const status = database === 'ok' && redis !== 'unavailable' ? 'ok' : 'degraded';
      return reply.status(database === 'ok' ? 200 : 503).send({ status, database, redis });
    },
  );
};
