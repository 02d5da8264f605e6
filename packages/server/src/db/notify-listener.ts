import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { AppCaches } from '../lib/caches.ts';
import { outageEpisode } from './availability.ts';

/** The channel the triggers of migration 0001 notify on (decision 019). */
export const CACHE_CHANNEL = 'app_cache';

export interface NotifyListener {
  close(): Promise<void>;
}

/** What an embedded PGlite offers (it is the only process that can change its data). */
interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** The caches of every app over one embedded database: all in this process (tests open two). */
const sharing = new WeakMap<PgliteLike, Set<AppCaches>>();

/**
 * PGlite hands a transaction's notifications to listeners before the committing query resolves, so the
 * caches are invalidated before the writer even answers: no barrier is needed. A learner's change
 * (decision 041) is applied at once to the other apps on this database (the writer's own caches have
 * revised themselves, decision 061): no statement, no round trip.
 */
export async function listenPglite(client: PgliteLike, caches: AppCaches): Promise<NotifyListener> {
  const unlisten = await client.listen(CACHE_CHANNEL, (payload) => caches.apply(payload));
  const apps = sharing.get(client) ?? new Set<AppCaches>();
  sharing.set(client, apps);
  apps.add(caches);
  caches.usePublisher((payload) => {
    for (const each of apps) if (each !== caches) each.apply(payload);
  });
  caches.setLive(true);
  return {
    async close() {
      apps.delete(caches);
      caches.setLive(false);
      await unlisten().catch(() => {}); // the database may already be closed
    },
  };
}

const HEARTBEAT_MS = 5_000;
/** An instance not heard from for this long is no longer waited for. */
const PEER_TTL_MS = 3 * HEARTBEAT_MS;
export const BARRIER_TIMEOUT_MS = 1_000;
/** After (re)connecting, how long to collect the other instances' hellos before a barrier trusts its list. */
const HELLO_MS = 300;
const MAX_BACKOFF_MS = 10_000;
/**
 * Alone, the pending changes go out at most once per this gap (decision 074): under load every batch
 * of quiz submits published its own statement, a socket write and a commit each.
 */
const PUBLISH_GAP_MS = 5;
/** Published changes waiting for a statement; past this, they are sent as their kinds' `*` (all). */
const MAX_PENDING = 10_000;

/**
 * The listener's statements run one at a time on its connection: replies to barriers, hellos and
 * barriers overlap, and pg (from 9 on) refuses a query while another is running on the same client.
 */
const queues = new WeakMap<pg.Client, Promise<unknown>>();
function inTurn<T>(target: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  const result = (queues.get(target) ?? Promise.resolve()).then(
    () => target.query(text, values) as Promise<T>,
  );
  queues.set(
    target,
    result.catch(() => {}),
  );
  return result;
}

/** One statement that notifies every payload, in order (a transaction's notifications keep theirs). */
const notifyAll = (target: pg.Client, payloads: string[]) =>
  inTurn(target, `select ${payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`, [
    CACHE_CHANNEL,
    ...payloads,
  ]);

/**
 * PostgreSQL: one dedicated connection per instance LISTENs on `app_cache` and feeds `caches.apply`.
 *
 * Exactness across instances (decision 019): a writer calls `caches.settle()` before it answers, which
 * publishes a barrier `b:<me>:<nonce>`; every other instance acknowledges it (`a:<nonce>:<id>`) from its
 * listener, i.e. after it has applied every notification committed before the barrier. The writer
 * answers once it has heard its own barrier and the acknowledgements of every instance it knows (they
 * announce themselves with `h:<id>` on connecting and every HEARTBEAT_MS, and say `x:<id>` on closing),
 * or after BARRIER_TIMEOUT_MS, dropping the silent ones from the list.
 *
 * Changes no trigger announces (`caches.learnerChanged`, decision 041) wait in `pending` and go out in
 * the statement of the next barrier, so a writer's own `settle()` delivers them everywhere, and many
 * writers' changes share one statement. While disconnected they wait for the reconnection's hello.
 * They carry their origin, and their own instance skips them: it has revised its caches in place
 * already (decision 061), which its own notification would undo. A writer that settles only them
 * (`settle('others')`, decision 070) and knows no other instance sends them without a barrier.
 *
 * The caches are usable only while the listener is connected and hears its own heartbeats: on loss
 * (its 'error' or 'end' event, a failed query, a barrier not heard back) they are emptied and bypassed,
 * and it reconnects with backoff, emptying them again once listening. It never throws.
 */
export async function listenPostgres(
  url: string,
  caches: AppCaches,
  log: FastifyBaseLogger,
): Promise<NotifyListener> {
  const me = randomUUID();
  const peers = new Map<string, number>(); // instance id → last heard (epoch ms)
  const barriers = new Map<string, { self: boolean; waiting: Set<string>; done: () => void }>();
  let client: pg.Client | null = null;
  let connectedAt = 0;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  // One warning when the listener is lost (not one per retry), one line once it listens again.
  const interrupted = outageEpisode(
    'cache notifications interrupted; caches bypassed until they resume',
    'cache notifications resumed; caches in use again',
  );

  /** Published changes go out as `o:<me>:<payload>`: this instance has applied them already. */
  const origin = `o:${me}:`;
  /** Takes the pending changes, to be sent ahead of `last` if given; `putBack` if that statement failed. */
  function withPending(last?: string): string[] {
    const payloads = [...pending].map((payload) => origin + payload);
    if (last) payloads.push(last);
    pending.clear();
    return payloads;
  }
  function putBack(payloads: string[]) {
    for (const payload of payloads) if (payload.startsWith(origin)) pending.add(payload.slice(origin.length));
  }
  caches.usePublisher((payload) => {
    if (pending.size >= MAX_PENDING) {
      const kinds = new Set([...pending].map((queued) => `${queued.slice(0, 2)}*`));
      pending.clear();
      for (const all of kinds) pending.add(all);
    }
    pending.add(payload);
  });

  const send = (payload: string) => (client ? notifyAll(client, [payload]).catch(() => {}) : undefined);

  function finishAll() {
    for (const barrier of barriers.values()) barrier.done();
    barriers.clear();
  }

  function lost(lostClient: pg.Client, reason: string) {
    if (client !== lostClient) return; // already handled
    client = null;
    caches.setLive(false);
    // Writers waiting on a barrier go on: the caches are bypassed until the listener is back.
    finishAll();
    lostClient.end().catch(() => {});
    if (closed) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures++);
    interrupted.failed(log, { reason, retryInMs: delay });
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  }

  function heard(payload: string) {
    const [kind, first = '', second = ''] = payload.split(':');
    switch (kind) {
      case 'h': // an instance says hello: a newcomer learns of us by our answer
        if (first !== me && !peers.has(first)) void send(`h:${me}`);
        if (first !== me) peers.set(first, Date.now());
        return;
      case 'x':
        peers.delete(first);
        return;
      case 'b': {
        // first = the writer, second = its nonce
        if (first === me) {
          const barrier = barriers.get(second);
          if (barrier) {
            barrier.self = true;
            if (barrier.waiting.size === 0) barrier.done();
          }
        } else {
          peers.set(first, Date.now());
          void send(`a:${second}:${me}`); // everything before the barrier has been applied here
        }
        return;
      }
      case 'o': // a change another instance published (ours were applied when they were published)
        if (first !== me) caches.apply(payload.slice(`o:${first}:`.length));
        return;
      case 'a': {
        // first = the nonce, second = the instance acknowledging. Its own acknowledgements of the
        // others' barriers come back to it too: counted as a peer's, it waited for itself, and its
        // next barrier ended only at BARRIER_TIMEOUT_MS (every write of two instances took a second).
        if (second === me) return;
        peers.set(second, Date.now());
        const barrier = barriers.get(first);
        if (!barrier) return;
        barrier.waiting.delete(second);
        if (barrier.self && barrier.waiting.size === 0) barrier.done();
        return;
      }
      default:
        caches.apply(payload);
    }
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: 'app_cache_listener',
    });
    client = next;
    // Without an 'error' listener a dropped connection would crash the process.
    next.on('error', (error: Error & { code?: string }) => lost(next, error.code ?? 'connection error'));
    next.on('end', () => lost(next, 'connection ended'));
    next.on('notification', (message) => {
      if (client === next && message.channel === CACHE_CHANNEL && message.payload) heard(message.payload);
    });
    const hello = withPending(`h:${me}`);
    try {
      await next.connect();
      await inTurn(next, `LISTEN ${CACHE_CHANNEL}`);
      await notifyAll(next, hello);
    } catch (error) {
      putBack(hello);
      lost(next, (error as { code?: string }).code ?? 'connect failed');
      return;
    }
    if (client !== next) return;
    failures = 0;
    connectedAt = Date.now();
    caches.setLive(true);
    interrupted.recovered(log);
  }

  /** Instances not heard from within PEER_TTL_MS are gone: nobody waits for them. */
  function forgetSilentPeers() {
    const now = Date.now();
    for (const [id, seen] of peers) if (now - seen > PEER_TTL_MS) peers.delete(id);
  }

  /** Resolves once this instance has heard the barrier and every known instance acknowledged it. */
  async function barrier(): Promise<void> {
    const current = client;
    if (!current) return;
    const settling = connectedAt + HELLO_MS - Date.now();
    if (settling > 0) await new Promise((resolve) => setTimeout(resolve, settling));
    forgetSilentPeers();
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const entry = { self: false, waiting: new Set(peers.keys()), done: () => {} };
    const finished = new Promise<void>((resolve) => {
      entry.done = resolve;
      timer = setTimeout(resolve, BARRIER_TIMEOUT_MS);
    });
    barriers.set(nonce, entry);
    const payloads = withPending(`b:${me}:${nonce}`);
    try {
      await notifyAll(current, payloads).catch((error: unknown) => {
        putBack(payloads);
        throw error;
      });
      await finished;
      if (!entry.self) lost(current, 'notification not heard back');
      // Instances that did not answer in time are not waited for again until they speak.
      for (const id of entry.waiting) peers.delete(id);
    } catch (error) {
      lost(current, (error as { code?: string }).code ?? 'notify failed');
    } finally {
      clearTimeout(timer);
      barriers.delete(nonce);
    }
  }

  /**
   * Concurrent writers share barriers (decision 036: under load every quiz submit settles). A barrier
   * already on its way may have been published before a caller's commit, so it cannot serve that
   * caller; the next one, published once the current one is done, serves every caller that arrived
   * meanwhile. So at most one barrier is in flight and one is waiting, however many writers settle.
   */
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function sharedBarrier(): Promise<void> {
    if (!inFlight) {
      inFlight = barrier().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    queued ??= inFlight.then(() => {
      queued = null;
      return sharedBarrier();
    });
    return queued;
  }

  /** Whether another instance spoke within PEER_TTL_MS, or may yet say hello after our (re)connection. */
  function mayHavePeers(): boolean {
    if (Date.now() < connectedAt + HELLO_MS) return true;
    forgetSilentPeers();
    return peers.size > 0;
  }

  /**
   * Sends the pending changes without waiting to hear them back: an instance alone has nobody to wait
   * for, yet one starting now (listening, not heard from yet) must still get them. The first change
   * after a pause goes at once; then one statement at a time, PUBLISH_GAP_MS apart, each carrying the
   * changes published meanwhile (decision 074). A barrier (another instance heard) sends them at once.
   */
  let publishing = false;
  async function publishPending(): Promise<void> {
    if (publishing) return;
    publishing = true;
    try {
      while (client && pending.size > 0) {
        const current = client;
        const payloads = withPending();
        try {
          await notifyAll(current, payloads);
        } catch (error) {
          putBack(payloads);
          lost(current, (error as { code?: string }).code ?? 'notify failed');
        }
        await new Promise((resolve) => setTimeout(resolve, PUBLISH_GAP_MS));
      }
    } finally {
      publishing = false;
    }
  }

  caches.useBarrier((scope) => {
    if (scope === 'others' && !mayHavePeers()) {
      void publishPending();
      return Promise.resolve();
    }
    return sharedBarrier();
  });
  // Says hello again and finds a half-open connection (which raises no error).
  const heartbeat = setInterval(() => {
    void send(`h:${me}`);
    void barrier();
  }, HEARTBEAT_MS);
  heartbeat.unref();
  await connect();

  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      if (client) await notifyAll(client, withPending(`x:${me}`)).catch(() => {});
      caches.setLive(false);
      finishAll();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
