import { mkdirSync } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { setImmediate as loopTurn } from 'node:timers/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { quietWarning, type WarnLogger } from './availability.ts';
import { claimDataDir } from './data-dir-lock.ts';

export type Schema = typeof schema;
/** One type for both drivers: the queries are the same PostgreSQL either way. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; it accepts every query a Db does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when the embedded database directory was created by this start. */
  isNew: boolean;
  close(): Promise<void>;
  /** Where lost-connection warnings go (the console until the app's logger is attached). */
  useLogger(log: WarnLogger): void;
}

/** Fail fast when PostgreSQL does not answer: a request waits at most this long for a connection. */
export const CONNECT_TIMEOUT_MS = 3000;
/**
 * The longest a statement of a request may run on PostgreSQL (decision 081). The slowest route's
 * statements take well under a second at a million enrolments; one waiting this long is stuck behind
 * a lock or on a server that cannot keep up, and the caller is better told "try again" than kept.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** Serialises migrations across instances starting together (any fixed 64-bit number of ours). */
export const MIGRATION_LOCK_KEY = '7401913202611';

/** The extensions the migrations create (pg_trgm, decision 058): every PGlite of ours opens with them. */
export const pgliteExtensions = { pg_trgm };

/**
 * PGlite runs a statement synchronously on this thread and answers with a promise already settled, so
 * under load the requests in hand chain through their statements as microtasks and the event loop
 * polls no socket until all of them are done: with 200 learners a turn took ~250 ms, and connections
 * opened meanwhile waited over 10 s to be accepted (decision 059). Each statement, and each
 * transaction, first lets the loop turn once; inside a transaction statements run straight on.
 */
class TurnTakingPGlite extends PGlite {
  override async query<T>(...args: Parameters<PGlite['query']>) {
    await loopTurn();
    return super.query<T>(...args);
  }
  override async exec(...args: Parameters<PGlite['exec']>) {
    await loopTurn();
    return super.exec(...args);
  }
  override async transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    await loopTurn();
    return super.transaction(callback);
  }
}

export const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir/db` (or in memory for
 * `memory://`), and applies the committed migrations. An in-memory database can start from
 * `loadDataDir`, a PGlite data-directory dump: the tests load one that is already migrated, which
 * skips PGlite's initdb (most of a fresh start's cost).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  loadDataDir?: Blob;
  /** PostgreSQL only: `STATEMENT_TIMEOUT_MS` unless given; 0 for none (the bench's bulk load). */
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  const inMemory = options.dataDir === 'memory://';
  const dir = inMemory ? undefined : path.join(options.dataDir, 'db');
  let isNew = inMemory;
  let release = () => {};
  if (dir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = await claimDataDir(options.dataDir); // before anything touches the database (decision 078)
    try {
      mkdirSync(dir);
      isNew = true;
    } catch {
      isNew = false;
    }
  }
  const client = dir
    ? new TurnTakingPGlite(dir, { extensions: pgliteExtensions })
    : new TurnTakingPGlite({ loadDataDir: options.loadDataDir, extensions: pgliteExtensions });
  const db = drizzlePglite({ client, schema });
  try {
    await readable(client, dir);
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    isNew,
    close: () => client.close().finally(release),
    // Embedded: there is no connection to lose.
    useLogger: () => {},
  };
}

/**
 * An existing directory PGlite cannot start on has damaged files (a full disk, a copy taken while it
 * ran, two servers on it before decision 078): say so and what to do, instead of the first migration
 * statement's text, which is what failed next.
 */
async function readable(client: PGlite, dir: string | undefined): Promise<void> {
  try {
    await client.waitReady;
  } catch (error) {
    if (!dir) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `the embedded database in ${dir} could not be opened (${reason}). If its files are damaged, ` +
        'restore a backup into an empty DATA_DIR with `npm run restore FILE` and start on that ' +
        'directory (README "Backup and restore").',
      { cause: error },
    );
  }
}

async function openPostgres(url: string, statementTimeoutMs: number): Promise<Database> {
  let log: WarnLogger = {
    warn: (object, message) => console.warn(message, JSON.stringify(object)),
  };
  await migrateExclusively(url);
  // JIT compilation cost ~200 ms on the big list queries and never paid off for these OLTP queries.
  const settings = ['jit=off'];
  // Decision 081: the server cancels a statement that runs too long (57014, "unavailable" to the
  // caller), and ends a session left inside a transaction, whose locks would otherwise wait for an
  // instance that froze or lost its network until TCP gives up, hours later.
  if (statementTimeoutMs > 0)
    settings.push(
      `statement_timeout=${statementTimeoutMs}`,
      `idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_FACTOR * statementTimeoutMs}`,
    );
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a peer that vanished without closing the socket (failover, network partition).
    keepAlive: true,
    // Said here because the silence deadline below must be longer: an idle connection goes first.
    idleTimeoutMillis: POOL_IDLE_MS,
    options: settings.map((setting) => `-c ${setting}`).join(' '),
  });
  // A connection can die while idle in the pool (restart, failover, pg_terminate_backend) or while
  // checked out between two statements of a transaction. Node exits on an unhandled 'error' event;
  // the pool already drops the dead client and the next query opens a new one, so only log it.
  const warnLost = quietWarning('database connection lost; the pool reconnects on the next query');
  const lost = (error: Error) => warnLost(log, error);
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    client.on('end', () => releaseIfLeaked(client));
    if (statementTimeoutMs > 0) dropWhenSilent(client, SILENCE_FACTOR * statementTimeoutMs);
  });
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  serverHandles.add(db);
  return {
    db,
    kind: 'postgres',
    isNew: false,
    close: () => pool.end(),
    useLogger: (logger) => {
      log = logger;
    },
  };
}

const checkedOut = new WeakSet<pg.PoolClient>();

/** The handles `openPostgres` made: their statements go out on a later tick than the call (pg-pool). */
const serverHandles = new WeakSet<Db>();

/** Whether `db` talks to a PostgreSQL server (not PGlite on this thread): decision 212 asks. */
export const isServer = (db: Db): boolean => serverHandles.has(db);

/** pg-pool's default, made explicit: an unused connection is closed after this long. */
const POOL_IDLE_MS = 10_000;
/** A session idle inside a transaction this many statement timeouts is ended by the server. */
const IDLE_IN_TRANSACTION_FACTOR = 3;
/** A connection silent this many statement timeouts is dropped (15 s: longer than POOL_IDLE_MS). */
const SILENCE_FACTOR = 1.5;

/**
 * A server that stops answering without closing the connection (frozen, its storage stalled, a
 * partition behind a device that still acknowledges) raises no error: its statements, and the
 * requests waiting on them, would wait for ever, as would a transaction's ROLLBACK queued behind one.
 * A live server answers or cancels every statement within the statement timeout, and the pool closes
 * a connection idle for POOL_IDLE_MS, so nothing heard on a connection for longer means the server is
 * gone (TCP keepalive is no help: a frozen server's kernel answers it). The socket is destroyed, every
 * statement on it fails as "connection terminated" (503) and the pool opens a fresh one. One timer per
 * connection, set once (Node refreshes it on each read and write); no code of ours per query.
 */
function dropWhenSilent(client: pg.PoolClient, ms: number): void {
  const socket = client.connection.stream;
  if (!(socket instanceof Socket)) return;
  socket.setTimeout(ms);
  socket.once('timeout', () => socket.destroy());
}

/**
 * drizzle's transaction() checks a client out and sends BEGIN before its try/finally, so a connection
 * that dies right then is never given back: ten such and every request waits for the connect timeout
 * forever after. A client whose connection ended while checked out is removed from the pool here; the
 * holder's own release() later does nothing.
 */
function releaseIfLeaked(client: pg.PoolClient): void {
  if (!checkedOut.has(client)) return;
  const release = client.release.bind(client);
  client.release = () => {};
  release(new Error('connection ended while checked out'));
}

/**
 * Instances started together on an empty database would each create the migrations table and run
 * the same DDL, and all but one crash. A session-level advisory lock lets one migrate while the others
 * wait, then find nothing left to do. The lock is released with the session if the process dies.
 */
async function migrateExclusively(url: string): Promise<void> {
  // A connection of its own, without the requests' deadlines (decision 081): building an index on a
  // large table, or waiting for another instance to finish doing so, may take minutes.
  // (A pool of one, for its connect timeout's error: "unavailable" when nothing answers at start.)
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
