import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { isDatabaseUnavailable, outageSummary, quietWarning } from '../db/availability.ts';

/**
 * How work the database's absence stopped is tried again (decision 147): after `firstWaitMs`, the wait
 * doubling up to `longestWaitMs`, until `giveUpAfterMs` have passed since the first attempt.
 */
export interface AfterAnswerRetry {
  firstWaitMs: number;
  longestWaitMs: number;
  giveUpAfterMs: number;
}

/**
 * Ten minutes: a database restart or a failover is over long before, and the mails this work queues
 * are worth sending for longer (a reset code lives 15 minutes, a verification link a day).
 */
const RETRY: AfterAnswerRetry = { firstWaitMs: 1000, longestWaitMs: 30_000, giveUpAfterMs: 10 * 60_000 };

/**
 * Work a route does once its answer has gone (decision 136): what only some callers' requests cost,
 * where the time of the answer must not tell them apart (an address with an account gets a mail
 * queued, any other nothing). The answer is the same, and sent as soon as the work every caller
 * shares is done; this work starts when the response is over (sent, or the client gone).
 *
 * The answer has promised the work, and there is no answer left to carry its failure: a failure is
 * logged, and one because the database is away is tried again until it comes back (decision 147), so
 * a restart of the database loses no mail. Work given here must be safe to run again: each attempt
 * one transaction (one the database's loss interrupted wrote nothing), checking in it what may have
 * changed while it waited (the reset mail: that its request still works). The app's close waits for
 * the work begun; work waiting for the database then has one last attempt.
 */
export class AfterAnswers {
  private readonly running = new Set<Promise<void>>();
  /** Ends the waits of the work waiting for the database, once the app closes. */
  private readonly waking = new Set<() => void>();
  private closing = false;
  /** The database away is an outage, told elsewhere as one: a warning at most every 30 s here. */
  private readonly waiting = quietWarning(
    'work after the answer waits: the database is unavailable; it is tried again',
  );

  constructor(private readonly retry: AfterAnswerRetry = RETRY) {}

  /** Runs `work` once `reply`'s response is over. */
  run(reply: FastifyReply, work: () => Promise<void>): void {
    const log = reply.request.log;
    reply.raw.once('close', () => {
      const done = this.attempt(work, log).finally(() => this.running.delete(done));
      this.running.add(done);
    });
  }

  private async attempt(work: () => Promise<void>, log: FastifyBaseLogger): Promise<void> {
    const started = Date.now();
    let wait = this.retry.firstWaitMs;
    for (let attempts = 1; ; attempts++) {
      try {
        return await work();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) return log.error({ err: error }, 'work after the answer failed');
        if (this.closing || Date.now() + wait - started > this.retry.giveUpAfterMs) {
          // One line per work lost: each is a mail promised and not sent (the reqId names its request).
          return log.warn(
            { attempts, ...outageSummary(error) },
            'work after the answer lost: the database stayed unavailable',
          );
        }
        this.waiting(log, error);
        await this.pause(wait);
        wait = Math.min(wait * 2, this.retry.longestWaitMs);
      }
    }
  }

  /** Resolves after `ms`, or at once when the app closes. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waking.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms).unref();
      this.waking.add(wake);
    });
  }

  /** Resolves once the work begun so far, and any it began meanwhile, is over (retries included). */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** The app's close: work waiting for the database tries once more now, then gives up; all is over. */
  async close(): Promise<void> {
    this.closing = true;
    for (const wake of [...this.waking]) wake();
    await this.settle();
  }
}
