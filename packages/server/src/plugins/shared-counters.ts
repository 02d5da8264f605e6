import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** The two stores shipped with @fastify/rate-limit (plain JS, no typings of their own). */
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  prefix: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

export type CountersState = 'ok' | 'unavailable' | 'unused';

/** How often a connected Redis that failed a command is tried again (a write, as the counters do). */
const PROBE_MS = 1000;

/**
 * Rate-limit counters in Redis when REDIS_URL is set, so all instances share them. Redis is an
 * optimisation, not a dependency: while it is unreachable (also at start) every counter falls back to
 * this process's memory, one warning is logged, and the shared counters resume once it reconnects.
 */
export class SharedCounters {
  readonly redis: Redis | undefined;
  private available = false;
  /** True from the first failure of an outage until Redis is ready again: one warning per outage. */
  private warned = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    url: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!url) return;
    this.redis = new Redis(url, {
      connectTimeout: 1000,
      // Never queue or retry a command while disconnected: a request must not wait for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      // Keep reconnecting for as long as we run; recovery needs no restart.
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.redis.on('ready', () => this.back());
    this.redis.on('error', (error: Error) => this.lost(error));
  }

  private back(): void {
    if (this.warned) this.log.info('redis is back: rate limits are shared across instances again');
    this.warned = false;
    this.available = true;
  }

  state(): CountersState {
    if (!this.redis) return 'unused';
    return this.available && this.redis.status === 'ready' ? 'ok' : 'unavailable';
  }

  /** The store class @fastify/rate-limit instantiates (it calls `new Store(globalParams)`). */
  storeClass(): FastifyRateLimitStoreCtor {
    const { redis } = this;
    const lost = (error: Error) => this.lost(error);
    const usable = () => this.state() === 'ok';
    return class extends FallbackStore {
      constructor(params: unknown) {
        const { continueExceeding, exponentialBackoff } = params as StoreParams;
        super(
          { usable, lost },
          redis && new RedisStore(continueExceeding, exponentialBackoff, redis, 'osc-rl-'),
          new LocalStore(continueExceeding, exponentialBackoff),
        );
      }
    };
  }

  /** Called on connection errors and failed commands; warns once per outage. */
  lost(error: Error): void {
    this.available = false;
    this.probe();
    if (this.warned) return;
    this.warned = true;
    this.log.warn(
      { cause: error.message.slice(0, 200) },
      'redis unavailable: rate limits use per-instance counters until it is back',
    );
  }

  /**
   * A command can fail while the connection stays up (a Redis paused by a fork or out of memory, a
   * timeout): no reconnect follows, so no 'ready', and no request tries Redis while it is marked
   * unavailable. So a write is tried every second until one succeeds; a lost connection is left to the
   * reconnects and their 'ready'.
   */
  private probe(): void {
    const { redis } = this;
    if (!redis || this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      if (this.available || redis.status !== 'ready') return;
      redis.set('osc-rl-probe', '1', 'PX', 10_000).then(
        () => this.back(),
        () => this.probe(),
      );
    }, PROBE_MS).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.probeTimer);
    if (!this.redis) return;
    // quit() waits for a reply that never comes while disconnected; disconnect() does not.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis?.disconnect());
    else this.redis.disconnect();
  }
}

/** What the Redis store reads from a route to name a counter's keys: `osc-rl-counter-<name>:<key>`. */
const COUNTER_ROUTE = { method: '', url: 'counter' };

/** Uses Redis while it answers, else this process's counters for the same keys. */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: { usable(): boolean; lost(error: Error): void },
    private readonly shared: Store | undefined,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.use('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.use('read', key, callback, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // A counter made with `createRateLimit` has no route (an empty `routeInfo`): the Redis store would
    // prefix its keys with the route's method and address, `undefinedundefined`. Its own keys carry
    // its name; the prefix says what it is.
    // (The typings leave out `routeInfo`, which the plugin passes: @fastify/rate-limit 10's index.js.)
    const counter = !(routeOptions as { routeInfo?: { url?: string } }).routeInfo?.url;
    const shared = this.shared?.child(counter ? { ...routeOptions, routeInfo: COUNTER_ROUTE } : routeOptions);
    return new FallbackStore(this.counters, shared, this.local.child(routeOptions));
  }

  private use(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const local = () => this.local[method](key, callback, timeWindow, max);
    if (!this.shared || !this.counters.usable()) return local();
    this.shared[method](
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.counters.lost(error);
        local();
      },
      timeWindow,
      max,
    );
  }
}
