import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: {...} }`); counters live in Redis when
 * REDIS_URL is set so several instances share them, else in process memory.
 */
export async function registerRateLimit(app: FastifyInstance) {
  const redis = app.env.REDIS_URL
    ? new Redis(app.env.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', common.rateLimited),
  });
}
