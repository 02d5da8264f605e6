/**
 * Telling "the database is not reachable right now" apart from a bug. Such errors answer 503
 * DATABASE_UNAVAILABLE (the client may retry) instead of 500, and are logged without stack or SQL.
 */

/** Socket-level failures of the connection to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs meaning the server ended or refused the session (not that our statement was wrong). */
const SESSION_LOST = new Set(['57P01', '57P02', '57P03']);

/**
 * The server cancelled the statement at `statement_timeout` (decision 081): stuck behind a lock or on
 * a server that cannot keep up. Nothing was wrong with the request; it may succeed if retried.
 */
const STATEMENT_TIMED_OUT = '57014';

/**
 * SQLSTATE class 53, insufficient resources: a full disk (53100), no memory (53200), too many
 * connections (53300). The server cannot do the work now, whatever the statement; seen: a full disk
 * under the embedded database answered every upload 500 and logged a stack per request.
 */
const OUT_OF_RESOURCES = '53';

/** node-postgres reports these situations only by message. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

interface MaybeDbError {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** `error` and the errors it wraps (drizzle wraps the driver's error as its `cause`), five deep at most. */
function* chainOf(error: unknown): Generator<MaybeDbError> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as MaybeDbError).cause;
  }
}

/** The first `field` along `error`'s chain that is a string matching `pattern`. */
function firstInChain(error: unknown, field: 'code' | 'constraint', pattern: RegExp): string | undefined {
  for (const link of chainOf(error)) {
    const value = link[field];
    if (typeof value === 'string' && pattern.test(value)) return value;
  }
  return undefined;
}

/**
 * True when `error` (or its cause: drizzle wraps driver errors) says the database cannot be used at
 * the moment: connection refused, reset or timed out, the session terminated (restart, failover,
 * pg_terminate_backend), a statement timed out, the server out of disk, memory or connections, or
 * any FATAL from the server, which always ends the session.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, severity, message } of chainOf(error)) {
    if (typeof code === 'string') {
      if (
        NETWORK_CODES.has(code) ||
        SESSION_LOST.has(code) ||
        code === STATEMENT_TIMED_OUT ||
        code.startsWith('08') ||
        code.startsWith(OUT_OF_RESOURCES)
      )
        return true;
    }
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.startsWith(known)))
      return true;
  }
  return false;
}

/**
 * A deadlock (40P01) or a serialization failure (40001): this transaction lost a race with another
 * and was rolled back; the same request sent again may well succeed. The code fixes such races
 * where they are found (decision 113); one that still escapes is answered 503 with a short
 * `Retry-After`, not 500.
 */
const TRANSACTION_CONFLICTS = new Set(['40P01', '40001']);

/**
 * A row the request refers to is not (or no longer) there, e.g. deleted by another request between
 * the checks and the write. No route deletes a row that others must keep (every reference to a
 * deleted row cascades or is set null, and users are never deleted), so it is 404, as the same
 * request is answered once the checks see the deletion (decision 113).
 */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a database error (drizzle wraps the driver's error as its `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  return firstInChain(error, 'code', /^[0-9A-Z]{5}$/);
}

/**
 * The name of the constraint a database error names (a foreign key's, say), if any: a schema name,
 * safe to log, unlike the SQL or its values.
 */
export function constraintOf(error: unknown): string | undefined {
  return firstInChain(error, 'constraint', /^\w{1,63}$/);
}

/** Whether `error` is a deadlock or serialization failure: the transaction may be run again. */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && TRANSACTION_CONFLICTS.has(state);
}

/** What a log line may say about such an error: its code, never the SQL or its parameters. */
export function outageSummary(error: unknown): { code?: string; cause: string } {
  let current: unknown = error;
  while (current && typeof current === 'object' && (current as MaybeDbError).cause) {
    current = (current as MaybeDbError).cause;
  }
  const { code, message } = (current ?? {}) as MaybeDbError;
  const cause = typeof message === 'string' && !message.startsWith('Failed query') ? message : 'unknown';
  return { ...(typeof code === 'string' ? { code } : {}), cause: cause.slice(0, 200) };
}

export interface WarnLogger {
  warn(object: object, message: string): void;
}

/**
 * A warning logged at most once per `quietMs` (with how many were held back since), so a database
 * restart under traffic is a few lines, not one per request or per pooled connection.
 */
export function quietWarning(message: string, quietMs = 30_000) {
  let last = -Infinity;
  let held = 0;
  return (log: WarnLogger, error: unknown, now = Date.now(), fields: object = {}): void => {
    if (now - last < quietMs) {
      held++;
      return;
    }
    log.warn({ ...fields, ...outageSummary(error), ...(held ? { held } : {}) }, message);
    last = now;
    held = 0;
  };
}

export interface EpisodeLogger extends WarnLogger {
  info(object: object, message: string): void;
}

/**
 * An outage of something the app depends on, told as an episode: one warning when it starts (however
 * many failures follow) and one info line when it is over, with how long it lasted and how many
 * failures it saw. The shape "redis unavailable … / redis is back" had first; the cache listener and
 * the mail outbox use it too. (`quietWarning` is the other shape, for failures that have no moment
 * of recovery of their own: one line per 30 s while they go on.)
 */
export function outageEpisode(warning: string, over: string) {
  let since: number | undefined;
  let failures = 0;
  return {
    /** Whether an episode is going on. */
    get open(): boolean {
      return since !== undefined;
    },
    /** A failure: the first of an episode is warned, with `fields`; the others are counted. */
    failed(log: EpisodeLogger, fields: object = {}, now = Date.now()): void {
      failures++;
      if (since !== undefined) return;
      since = now;
      log.warn(fields, warning);
    },
    /** A success: ends the episode, if one was going on, with one info line. */
    recovered(log: EpisodeLogger, fields: object = {}, now = Date.now()): void {
      if (since === undefined) return;
      log.info({ ...fields, awayMs: now - since, failures }, over);
      since = undefined;
      failures = 0;
    },
  };
}

/** How often the database is asked whether it answers again, while requests are refused 503. */
const DATABASE_PROBE_MS = 1000;

/**
 * Says when the database answers again after requests were refused 503 (the warnings say it is away).
 * From the first refusal `ping` (a `select 1`) is tried every second; once one succeeds, and no request
 * was refused meanwhile (a database that reads but cannot write, a full disk, is not back), one info
 * line says how long it was away and how many requests were refused. As Redis's probe (decision 123).
 */
export function databaseRecovery(ping: () => Promise<unknown>, log: EpisodeLogger) {
  let since: number | undefined;
  let refused = 0;
  let refusedSinceProbe = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const probe = () => {
    if (timer || closed) return;
    refusedSinceProbe = false;
    timer = setTimeout(() => {
      ping().then(
        () => {
          timer = undefined;
          if (refusedSinceProbe) return probe();
          if (since !== undefined)
            log.info({ awayMs: Date.now() - since, refused }, 'database answers again');
          since = undefined;
          refused = 0;
        },
        () => {
          timer = undefined;
          probe();
        },
      );
    }, DATABASE_PROBE_MS).unref();
  };
  return {
    /** A request was refused 503 because the database is away. */
    refused() {
      since ??= Date.now();
      refused++;
      refusedSinceProbe = true;
      probe();
    },
    /** The app closes: no more probes. */
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
