import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';

/**
 * Per-address limits (requests per minute from one IP), applied by @fastify/rate-limit before the
 * handler. Generous enough for a classroom behind one NAT and for tests that run a journey a few times.
 * Sign-ins are counted twice: every request (`login`: a bound on the password hashing one address can
 * ask for) and failed ones (`FAILED_LOGINS_PER_ADDRESS`): a class of forty signing in at once from a
 * campus's one address all get in, a password-guesser behind it gets 30 wrong tries a minute.
 */
export const PER_IP_PER_MINUTE = {
  signup: 20,
  verify: 30,
  resend: 10,
  login: 300,
  loginAdmin: 20,
  forgot: 10,
  reset: 20,
  google: 20,
} as const;

export const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Failed sign-ins per account (login and admin login together) per minute. */
export const FAILED_LOGINS_PER_ACCOUNT = 10;
/** Failed sign-ins from one address (login and admin login together) per minute. */
export const FAILED_LOGINS_PER_ADDRESS = 30;
/** Reset codes / verification links e-mailed to one address per minute. */
export const MAILS_PER_ACCOUNT = 5;
/**
 * Mails of any kind (verification link, sign-up notice, reset code) asked for one address per hour.
 * The minute's allowances alone, used up every minute, let anyone send one mailbox 600 mails an hour
 * under our name; someone signing up, asking again and resetting twice needs a handful.
 */
export const MAILS_PER_ADDRESS_PER_HOUR = 12;

const tooMany = () => new AppError(429, 'RATE_LIMITED', common.rateLimited);

/**
 * A counter per submitted e-mail address, in the rate limiter's store: Redis when REDIS_URL is set
 * (shared by all instances), else this process's memory. It catches one account being attacked from
 * many addresses, which the per-IP limits cannot see. Keyed by a digest of the address: the same
 * count, and no e-mail address in a cache that may be shared, kept or listed.
 */
export const accountCounter = (app: FastifyInstance, name: string, max: number, windowMs = 60_000) =>
  counter(
    app,
    name,
    max,
    (request) => digest((request.body as { email?: string } | undefined)?.email ?? ''),
    windowMs,
  );

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A counter per submitted e-mail address, as `accountCounter`. */
export type AccountCounter = ReturnType<typeof accountCounter>;

/**
 * The counter of MAILS_PER_ADDRESS_PER_HOUR. `authRoutes` makes it once and hands it to every route
 * that asks for a mail (sign-up, a link again, a reset code, an identity provider's e-mail step).
 */
export const hourlyMails = (app: FastifyInstance): AccountCounter =>
  accountCounter(app, 'mails-hour', MAILS_PER_ADDRESS_PER_HOUR, 3_600_000);

/** A counter per client address (`request.ip`), for events the route counts itself (failures). */
export const addressCounter = (app: FastifyInstance, name: string, max: number) =>
  counter(app, name, max, (request) => request.ip);

function counter(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string,
  windowMs = 60_000,
) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
  /** Per key, the attempts this process is deciding now, and those waiting for one of them to end. */
  const inFlight = new Map<string, { count: number; waiting: (() => void)[] }>();
  return {
    /**
     * Makes room for one attempt whose outcome is counted later (a sign-in: failures only), or refuses
     * (429) when the key (account, address) has nothing left. Attempts being decided count against
     * what is left: checking the stored count alone let 200 wrong passwords sent at once all be tried
     * (a limit of 10). Beyond what is left they wait for the outcome of those before them rather than
     * being refused, so a class signing in at once from one address is only slowed, never turned away.
     * Returns the release, to call once the outcome has been counted. With several instances each
     * does this for its own attempts: the overshoot is bounded by the number of instances.
     */
    async reserve(request: FastifyRequest): Promise<() => void> {
      const key = `${name}:${keyOf(request)}`;
      for (;;) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) throw tooMany();
        const flight = inFlight.get(key) ?? { count: 0, waiting: [] };
        if (state.isAllowed || flight.count < (state.remaining ?? max)) {
          flight.count += 1;
          inFlight.set(key, flight);
          return () => {
            flight.count -= 1;
            // Every waiter looks again: one may now fit, or find nothing left and be refused.
            for (const wake of flight.waiting.splice(0)) wake();
            if (flight.count === 0) inFlight.delete(key);
          };
        }
        inFlight.set(key, flight);
        await new Promise<void>((resolve) => flight.waiting.push(resolve));
      }
    },
    /** Counts one event, e.g. a failed sign-in. */
    async count(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
    /** Counts this request and refuses it (429) beyond the allowance. */
    async take(request: FastifyRequest): Promise<void> {
      const state = await limiter(request);
      if (!state.isAllowed && state.isExceeded) throw tooMany();
    },
  };
}
