import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';
import { SharedCounters } from './shared-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where rate-limit counters live; `/health` reports its state. */
    sharedCounters: SharedCounters;
  }
}

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: {...} }`); counters live in Redis when
 * REDIS_URL is set so several instances share them, else (and while Redis is away) in process memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  const counters = new SharedCounters(app.env.REDIS_URL, app.log);
  app.decorate('sharedCounters', counters);
  app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, {
    global: false,
    store: counters.storeClass(),
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', common.rateLimited),
  });
}
