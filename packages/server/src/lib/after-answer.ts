import type { FastifyReply } from 'fastify';
import { isDatabaseUnavailable, quietWarning } from '../db/availability.ts';

/**
 * Work a route does once its answer has gone (decision 136): what only some callers' requests cost,
 * where the time of the answer must not tell them apart (an address with an account gets a mail
 * queued, any other nothing). The answer is the same, and sent as soon as the work every caller
 * shares is done; this work starts when the response is over (sent, or the client gone). A failure
 * is logged, since there is no answer left to carry it. The app's close waits for the work begun.
 */
export class AfterAnswers {
  private readonly running = new Set<Promise<void>>();
  /**
   * The database away is an outage, told elsewhere as one (the requests around it answer 503): a
   * warning at most every 30 s here, not an error per request. The work it stopped is lost all the same.
   */
  private readonly outage = quietWarning('work after the answer failed: the database is unavailable');

  /** Runs `work` once `reply`'s response is over. */
  run(reply: FastifyReply, work: () => Promise<void>): void {
    const log = reply.request.log;
    reply.raw.once('close', () => {
      const done = work()
        .catch((error: unknown) =>
          isDatabaseUnavailable(error)
            ? this.outage(log, error)
            : log.error({ err: error }, 'work after the answer failed'),
        )
        .finally(() => this.running.delete(done));
      this.running.add(done);
    });
  }

  /** Resolves once the work begun so far, and any it began meanwhile, is over. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
