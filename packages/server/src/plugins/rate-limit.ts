import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../lib/errors.ts';
import { common } from '../lib/common.messages.ts';
import type { Localized } from '../lib/localize.ts';
import { currentUser } from './authenticate.ts';
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

/**
 * A budget of request bytes per signed-in user and minute, for the authoring writes (decision 114),
 * whose cost in the database grows with what they carry: a `preHandler` to list after the route's
 * guard (which has set the user), so only requests it admits are counted. A request's size is its
 * `Content-Length`, the most it can carry (`unknownSize` when it has none), charged to
 * `perUserPerMinute`'s budget. A count of requests would have to choose between a few big ones and
 * many small ones; bytes allow both.
 */
export function perUserBytesPerMinute(
  app: FastifyInstance,
  options: { name: string; bytesPerMinute: number; unknownSize: number; message: Localized },
): preHandlerAsyncHookHandler {
  const { name, bytesPerMinute, message } = options;
  const charge = perUserPerMinute(app, { name, perMinute: bytesPerMinute, message });
  return async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    const size = Number.isSafeInteger(declared) && declared >= 0 ? declared : options.unknownSize;
    await charge(request, reply, size);
  };
}

/**
 * A budget of some amount (bytes, rows written) per signed-in user and minute (decisions 114, 209):
 * the returned `charge` counts `amount` for the request's user and lets the request go on while the
 * user's total before it is under `perMinute`; past that, 429 `RATE_LIMITED` with `message` and a
 * `Retry-After` saying when the user's minute ends. Refused requests are counted too. Totals are kept
 * where the per-address counters are: Redis when it answers (shared by the instances), else this
 * process. Each `name` is a budget of its own.
 */
export function perUserPerMinute(
  app: FastifyInstance,
  options: { name: string; perMinute: number; message: Localized },
): (request: FastifyRequest, reply: FastifyReply, amount: number) => Promise<void> {
  const windows = new WindowTotals(app.sharedCounters, 60_000);
  return async (request, reply, amount) => {
    const { total, msLeft } = await windows.add(`${options.name}:${currentUser(request).id}`, amount);
    if (total - amount < options.perMinute) return;
    void reply.header('retry-after', String(Math.max(1, Math.ceil(msLeft / 1000))));
    throw new AppError(429, 'RATE_LIMITED', options.message);
  };
}

/**
 * At most `max` requests of one signed-in user at a time on this instance (decision 114): what one
 * account can hold of this instance's database pool. `run` does the handler's `work` as one of them;
 * beyond `max` it throws 429 `RATE_LIMITED` with `message` and `Retry-After: 1` without starting it.
 */
export function perUserInFlight(max: number, message: Localized) {
  const inFlight = new Map<string, number>();
  return {
    async run<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
      const id = currentUser(request).id;
      const running = inFlight.get(id) ?? 0;
      if (running >= max) {
        void reply.header('retry-after', '1');
        throw new AppError(429, 'RATE_LIMITED', message);
      }
      inFlight.set(id, running + 1);
      try {
        return await work();
      } finally {
        const now = (inFlight.get(id) ?? 1) - 1;
        if (now > 0) inFlight.set(id, now);
        else inFlight.delete(id);
      }
    },
  };
}

/** Adds ARGV[1] to KEYS[1]; the first addition starts its window of ARGV[2] ms. Total and ms left. */
const ADD_TO_WINDOW = `local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {total, redis.call('PTTL', KEYS[1])}`;

/** Keys kept in process memory at most (the oldest go first), as @fastify/rate-limit's own store. */
const LOCAL_KEYS = 5_000;

/**
 * Totals per key (of whatever a budget counts: bytes, rows) over fixed windows: in Redis while it
 * answers, else in this process.
 */
class WindowTotals {
  private readonly local = new Map<string, { total: number; endsAt: number }>();

  constructor(
    private readonly counters: SharedCounters,
    private readonly windowMs: number,
  ) {}

  async add(key: string, amount: number): Promise<{ total: number; msLeft: number }> {
    const { redis } = this.counters;
    if (redis && this.counters.state() === 'ok') {
      try {
        const [total, ttl] = (await redis.eval(
          ADD_TO_WINDOW,
          1,
          `osc-rl-total-${key}`,
          amount,
          this.windowMs,
        )) as [number, number];
        return { total, msLeft: ttl > 0 ? ttl : this.windowMs };
      } catch (error) {
        this.counters.lost(error as Error);
      }
    }
    return this.addHere(key, amount);
  }

  private addHere(key: string, amount: number): { total: number; msLeft: number } {
    const now = Date.now();
    const current = this.local.get(key);
    const entry = current && current.endsAt > now ? current : { total: 0, endsAt: now + this.windowMs };
    entry.total += amount;
    this.local.delete(key); // re-inserted last: the map's order is the order of use
    this.local.set(key, entry);
    if (this.local.size > LOCAL_KEYS) this.local.delete(this.local.keys().next().value!);
    return { total: entry.total, msLeft: entry.endsAt - now };
  }
}
