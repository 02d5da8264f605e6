import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { createMailTransport, type MailTransport, type OutgoingMail } from './mail.transport.ts';
import { isDatabaseUnavailable, quietWarning } from '../../db/availability.ts';

/** After this many failed sends a message stays in the table (with its last error) and is not retried. */
export const MAX_SEND_ATTEMPTS = 8;
/** Backoff: the n-th failure waits n minutes. */
const RETRY_STEP_MS = 60_000;
const POLL_INTERVAL_MS = 5_000;
const BATCH_SIZE = 10;
/** A claimed row is hidden from other workers for this long; a crash mid-send retries after it. */
const CLAIM_LEASE = sql`now() + interval '5 minutes'`;

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

/**
 * Queues an e-mail in the caller's transaction: the message exists exactly when the change that
 * caused it commits, and a mail outage can never fail that change.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(emailOutbox).values(mail);
}

/**
 * Sends due outbox rows. Rows are claimed with `FOR UPDATE SKIP LOCKED` plus a lease, so several
 * instances can run workers on one PostgreSQL without sending a message twice.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<number> = Promise.resolve(0);
  private stopped = false;
  private readonly warnPaused = quietWarning('outbox: paused while the database is unavailable');

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Sends what is due soon, without waiting (e.g. right after a transaction that queued mail). */
  kick(): void {
    if (this.stopped) return;
    this.flush().catch((error: unknown) => {
      // Every poll fails while the database is away: a quiet warning, not an error with the SQL.
      if (isDatabaseUnavailable(error)) this.warnPaused(this.log, error);
      else this.log.error({ err: error }, 'outbox: flush failed');
    });
  }

  /** Sends everything that is due now; resolves with the number sent. Runs are serialised. */
  flush(): Promise<number> {
    const run = this.queue.then(
      () => this.drain(),
      () => this.drain(),
    );
    this.queue = run.catch(() => 0);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
    this.transport.close();
  }

  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await this.deliver(row)) sent += 1;
    }
  }

  private claim() {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return this.db
      .update(emailOutbox)
      .set({ nextAttemptAt: CLAIM_LEASE })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  private async deliver(row: typeof emailOutbox.$inferSelect): Promise<boolean> {
    try {
      await this.transport.send({ to: row.to, subject: row.subject, html: row.html, text: row.text });
    } catch (error) {
      const attempts = row.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      await this.db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: reason.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + attempts * RETRY_STEP_MS),
        })
        .where(eq(emailOutbox.id, row.id));
      this.log.warn({ outboxId: row.id, attempts, err: reason }, 'outbox: send failed, will retry');
      return false;
    }
    await this.db
      .update(emailOutbox)
      .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
      .where(eq(emailOutbox.id, row.id));
    return true;
  }
}

/**
 * Creates the app's outbox worker (`app.outbox`), starts it when the app is ready and stops it when
 * the app closes. `preClose` runs before every `onClose` hook (those run last-added first), so the
 * worker finishes its current send while the database is still open. `transport` replaces the
 * configured one (tests).
 */
export function startOutboxWorker(app: FastifyInstance, transport?: MailTransport): OutboxWorker {
  const worker = new OutboxWorker(app.db, transport ?? createMailTransport(app.env, app.log), app.log);
  app.decorate('outbox', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  return worker;
}

/** Sends every due message now (tests await this instead of waiting for the poll). */
export const flushOutbox = (app: FastifyInstance): Promise<number> => app.outbox.flush();
