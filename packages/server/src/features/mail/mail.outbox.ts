import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deleteEndedRows } from '../../db/purge.ts';
import { emailOutbox, type MailKind } from '../../db/schema.ts';
import { createMailTransport, type MailTransport, type OutgoingMail } from './mail.transport.ts';
import { isDatabaseUnavailable, outageEpisode, quietWarning } from '../../db/availability.ts';

/**
 * Backoff: the n-th failure waits n minutes, at most 5. A message is retried for as long as it is
 * useful (until its row's `expires_at`), so an outage of any length loses nothing still worth sending.
 */
const RETRY_STEP_MS = 60_000;
export const MAX_RETRY_WAIT_MS = 5 * 60_000;
const POLL_INTERVAL_MS = 5_000;
const BATCH_SIZE = 10;
/** How long a stopping server waits for the send it aborted (and its row's release) to settle. */
export const STOP_WAIT_MS = 3_000;
/** A claimed row is hidden from other workers for this long; a crash mid-send retries after it. */
const CLAIM_LEASE = sql`now() + interval '5 minutes'`;

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

/**
 * Queues an e-mail in the caller's transaction: the message exists exactly when the change that
 * caused it commits, and a mail outage can never fail that change. It is sent within `lifetimeMs` or
 * never (a code or link that has expired is no use), and its row is deleted after that either way.
 */
export async function enqueueMail(
  db: Db,
  mail: OutgoingMail & { kind?: MailKind; id?: string },
  lifetimeMs: number,
): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({ ...mail, expiresAt: sql`now() + ${`${Math.round(lifetimeMs)} milliseconds`}::interval` });
}

/** Whether the message with this id is in the outbox (queued, being sent or sent, until deleted). */
export async function isQueued(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row !== undefined;
}

/**
 * Ends the messages of `kind` to `to` (compared in lower case) not sent yet, in the caller's
 * transaction: expired now, they are never claimed, and the housekeeping deletes them. Resolves with
 * how many. A message being sent at that moment goes anyway (the worker holds no lock while it sends).
 */
export async function endUnsentMail(db: Db, kind: MailKind, to: string): Promise<number> {
  const ended = await db
    .update(emailOutbox)
    .set({ expiresAt: sql`now()` })
    .where(unsentMailTo(kind, to))
    .returning({ id: emailOutbox.id });
  return ended.length;
}

/** The rows `endUnsentMail` ends: found through `email_outbox_unsent_to_idx` (decision 143). */
export const unsentMailTo = (kind: MailKind, to: string) =>
  and(
    eq(emailOutbox.kind, kind),
    eq(sql`lower(${emailOutbox.to})`, to.toLowerCase()),
    isNull(emailOutbox.sentAt),
    isNull(emailOutbox.givenUpAt),
    gt(emailOutbox.expiresAt, sql`now()`),
  );

/**
 * Deletes at most `limit` rows past their expiry, sent, given up or never tried, and resolves with how
 * many: the purge of the mail feature's housekeeping (`mail.housekeeping.ts`, decision 112). Found
 * through `email_outbox_expires_idx`; `FOR UPDATE SKIP LOCKED`, so instances purging together skip each
 * other's rows. It takes no row from a send: the worker claims only rows not yet expired, and holds no
 * lock while it sends. A row that expires during its send may be deleted meanwhile; the worker's update
 * after the send then matches no row, and nothing is lost (an expired row is never claimed again).
 */
export function purgeExpiredMail(db: Db, limit: number): Promise<number> {
  return deleteEndedRows(
    db,
    { table: emailOutbox, id: emailOutbox.id, endedAt: emailOutbox.expiresAt },
    limit,
  );
}

/**
 * A permanent refusal of this message: an SMTP 5xx answer (RFC 5321), except 503 (a command out of
 * sequence, which a new connection fixes) and a refused login (the operator's configuration: once
 * fixed, the mail can go). Everything else (no connection, a timeout, a 4xx) is retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503 &&
    code !== 'EAUTH'
  );
}

/** The failure's text with every e-mail address replaced: SMTP servers often quote the recipient. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, '<address>').slice(0, 1000);
}

const responseCodeOf = (error: unknown): number | undefined => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
};

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Sends due outbox rows. Rows are claimed with `FOR UPDATE SKIP LOCKED` plus a lease, so several
 * instances can run workers on one PostgreSQL without sending a message twice. A sent row keeps its
 * metadata but not its body (codes and links are stored hashed everywhere else); every row is
 * deleted once expired (decision 105), by the mail housekeeping, not by the worker (decision 112).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly warnPaused = quietWarning('outbox: paused while the database is unavailable');
  /**
   * Sends failing (no connection, a timeout, a 4xx): one warning when they start, with how many mails
   * wait, and one line once a mail goes out again, not a warning per mail per attempt.
   */
  private readonly failing = outageEpisode(
    'outbox: the mail server does not take mail; mail waits and is retried',
    'outbox: mail goes out again',
  );

  constructor(
    private readonly db: Db,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.poll(), POLL_INTERVAL_MS);
    this.timer.unref();
    this.poll();
  }

  /** Sends what is due soon, without waiting (e.g. right after a transaction that queued mail). */
  kick(): void {
    if (this.stopped) return;
    this.report(this.flush());
  }

  /** The worker's own loop: sends what is due. */
  private poll(): void {
    if (this.stopped) return;
    this.report(this.flush());
  }

  private report(run: Promise<unknown>): void {
    run.catch((error: unknown) => {
      // Every poll fails while the database is away: a quiet warning, not an error with the SQL.
      if (isDatabaseUnavailable(error)) this.warnPaused(this.log, error);
      else this.log.error({ err: error }, 'outbox: flush failed');
    });
  }

  /** Sends everything that is due now; resolves with the number sent. Runs are serialised. */
  flush(): Promise<number> {
    return this.serial(() => this.drain());
  }

  /**
   * Stops between two messages: a send in progress is aborted (a mail server that never answers
   * would hold it for its timeout, past Fastify's close timeout) and its row, like the rest of the
   * batch, is due again at once for the next start. Waits at most STOP_WAIT_MS for that.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.transport.close();
    let timeout: NodeJS.Timeout | undefined;
    const settled = await Promise.race([
      this.queue.then(() => true),
      new Promise<false>((resolve) => {
        timeout = setTimeout(() => resolve(false), STOP_WAIT_MS);
      }),
    ]);
    clearTimeout(timeout);
    if (!settled)
      this.log.warn({ waitedMs: STOP_WAIT_MS }, 'outbox: stopped without waiting for its last run');
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async drain(): Promise<number> {
    let sent = 0;
    while (!this.stopped) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      for (const [index, row] of batch.entries()) {
        if (this.stopped) {
          await this.release(batch.slice(index));
          break;
        }
        if (await this.deliver(row)) sent += 1;
      }
    }
    return sent;
  }

  private claim() {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.givenUpAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          gt(emailOutbox.expiresAt, sql`now()`),
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

  /** Claimed rows not tried (the worker is stopping): due again now rather than after the lease. */
  private async release(rows: OutboxRow[]): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          isNull(emailOutbox.sentAt),
          inArray(
            emailOutbox.id,
            rows.map((row) => row.id),
          ),
        ),
      );
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    try {
      await this.transport.send({
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        language: row.language,
      });
    } catch (error) {
      // Aborted by stop(): not the message's failure; it goes on the next start.
      if (this.stopped) await this.release([row]);
      else await this.recordFailure(row, error);
      return false;
    }
    await this.db
      .update(emailOutbox)
      .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null, html: '', text: '' })
      .where(eq(emailOutbox.id, row.id));
    this.failing.recovered(this.log);
    return true;
  }

  /** How many messages are still to be sent (the claimed ones included). */
  private async waiting(): Promise<number> {
    const [row] = await this.db
      .select({ waiting: count() })
      .from(emailOutbox)
      .where(
        and(isNull(emailOutbox.sentAt), isNull(emailOutbox.givenUpAt), gt(emailOutbox.expiresAt, sql`now()`)),
      );
    return row?.waiting ?? 0;
  }

  /** Logs name the row, never its address, subject or body. */
  private async recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const reason = failureReason(error);
    const responseCode = responseCodeOf(error);
    if (isPermanentRefusal(error)) {
      await this.db
        .update(emailOutbox)
        .set({ attempts, lastError: reason, givenUpAt: new Date(), html: '', text: '' })
        .where(eq(emailOutbox.id, row.id));
      this.log.error(
        { outboxId: row.id, attempts, responseCode, err: reason },
        'outbox: the mail server refused the message for good; not retried',
      );
      return;
    }
    const nextAttemptAt = new Date(Date.now() + Math.min(attempts * RETRY_STEP_MS, MAX_RETRY_WAIT_MS));
    await this.db
      .update(emailOutbox)
      .set({ attempts, lastError: reason, nextAttemptAt })
      .where(eq(emailOutbox.id, row.id));
    const failure = { outboxId: row.id, attempts, responseCode, err: reason };
    // The worker never claims an expired row (and the housekeeping may already have purged this one
    // during the send): a message that expires before its next try is lost, and says so.
    if (row.expiresAt > nextAttemptAt) {
      // The first failure of an episode is the warning; the others are details (debug).
      if (this.failing.open) this.log.debug(failure, 'outbox: send failed, will retry');
      this.failing.failed(this.log, this.failing.open ? {} : { ...failure, waiting: await this.waiting() });
    } else
      this.log.error(failure, 'outbox: send failed and the message expires before another try; not retried');
  }
}

/**
 * Creates the app's outbox worker (`app.outbox`), starts it when the app is ready and stops it when
 * the app closes. `preClose` runs before every `onClose` hook (those run last-added first), so the
 * worker stops while the database is still open, within seconds whatever the mail server does, and
 * the hooks after it (the database's close among them) run. `transport` replaces the configured one
 * (tests).
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
