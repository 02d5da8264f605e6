import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, quietWarning } from '../db/availability.ts';

/**
 * Rows one purge deletes at most per pass. Not above 100: a statement that deletes more session rows
 * makes their trigger notify `s:*` (`app_notify_keys`, migration 0001), which would empty every
 * instance's session cache on every pass instead of evicting the rows it deleted.
 */
export const PURGE_BATCH_SIZE = 100;
/** Between two passes that found less than a full batch anywhere. */
export const PURGE_INTERVAL_MS = 60_000;
/** After a pass that filled a batch (a backlog): soon again, still a bounded pass at a time. */
export const PURGE_BACKLOG_INTERVAL_MS = 1_000;
/** How long a stopping server waits for the pass in flight (a few indexed statements). */
export const PURGE_STOP_WAIT_MS = 3_000;

/**
 * Deletes at most `limit` rows that nothing can use any more, found through an index, and resolves
 * with how many. Safe to run on several instances at once (`FOR UPDATE SKIP LOCKED`, or deletes that
 * are idempotent).
 */
export type Purge = (limit: number) => Promise<number>;

export interface PurgeTiming {
  intervalMs: number;
  backlogIntervalMs: number;
  stopWaitMs: number;
}

const DEFAULT_TIMING: PurgeTiming = {
  intervalMs: PURGE_INTERVAL_MS,
  backlogIntervalMs: PURGE_BACKLOG_INTERVAL_MS,
  stopWaitMs: PURGE_STOP_WAIT_MS,
};

/**
 * A bounded purge every so often (decision 107): each pass runs every purge once with
 * PURGE_BATCH_SIZE, one after the other, and the next pass follows PURGE_INTERVAL_MS later (a second
 * if one filled its batch). A failing purge never fails the loop or the app: while the database is
 * away the pass is skipped with one quiet warning now and then; any other failure is logged through
 * the `err` serializer (its class and SQLSTATE, never the SQL or its parameters). Logs name tables
 * and counts only.
 */
export class PeriodicPurge {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly warnSkipped: ReturnType<typeof quietWarning>;
  private readonly timing: PurgeTiming;

  constructor(
    private readonly name: string,
    private readonly purges: Readonly<Record<string, Purge>>,
    private readonly log: FastifyBaseLogger,
    timing: Partial<PurgeTiming> = {},
  ) {
    this.warnSkipped = quietWarning(`${name}: skipped while the database is unavailable`);
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  /** True once started and until stopped: a pass is running or one is scheduled. */
  get active(): boolean {
    return this.timer !== undefined && !this.stopped;
  }

  /** Runs the first pass now, then keeps going until `stop()`. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.schedule(0);
  }

  /**
   * One pass (serialised with the loop's): how many rows each purge deleted. Never rejects; a purge
   * that failed counts 0. Nothing is deleted once stopped.
   */
  runOnce(): Promise<Record<string, number>> {
    const pass = this.running.then(() => this.pass()).catch(() => ({}));
    this.running = pass;
    return pass;
  }

  /** Stops the loop; waits at most `stopWaitMs` for the pass in flight, so the database can close. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    let timeout: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      this.running.then(() => true),
      new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), this.timing.stopWaitMs);
      }),
    ]);
    clearTimeout(timeout);
    if (!settled)
      this.log.warn(
        { waitedMs: this.timing.stopWaitMs },
        `${this.name}: stopped without waiting for its pass`,
      );
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      void this.runOnce().then((deleted) => {
        if (this.stopped) return;
        const backlog = Object.values(deleted).some((count) => count >= PURGE_BATCH_SIZE);
        this.schedule(backlog ? this.timing.backlogIntervalMs : this.timing.intervalMs);
      });
    }, ms);
    // The loop never keeps the process alive by itself.
    this.timer.unref();
  }

  private async pass(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const [table, purge] of Object.entries(this.purges)) {
      deleted[table] = this.stopped ? 0 : await this.attempt(table, purge);
    }
    if (Object.values(deleted).some((count) => count > 0))
      this.log.debug({ deleted }, `${this.name}: purged`);
    return deleted;
  }

  private async attempt(table: string, purge: Purge): Promise<number> {
    try {
      return await purge(PURGE_BATCH_SIZE);
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.warnSkipped(this.log, error);
      else this.log.error({ err: error, table }, `${this.name}: purge failed`);
      return 0;
    }
  }
}

/**
 * Creates a periodic purge for the app: its first pass when the app is ready, stopped when it closes.
 * `preClose` runs before every `onClose` hook (the database's close among them, added later and run
 * first), so a pass in flight ends while the database is still open, as the outbox worker does.
 */
export function startPeriodicPurge(
  app: FastifyInstance,
  name: string,
  purges: Readonly<Record<string, Purge>>,
): PeriodicPurge {
  const job = new PeriodicPurge(name, purges, app.log);
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => job.stop());
  return job;
}
