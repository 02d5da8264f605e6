import { API_PREFIX } from '@app/shared';
import type { Query, QueryClient } from '@tanstack/react-query';
import { serverAway } from './api-client.ts';

/** The first wait before asking whether the server is back; each further one doubles, up to the last. */
const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 30_000;

/** Whether the server answers its health check: one small request that needs no session. */
export const serverAnswers = () =>
  fetch(`${API_PREFIX}/health`, { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/** A read on screen that failed because the server was away (its error panel says so). */
const waitingForServer = (query: Query) =>
  query.state.status === 'error' && query.isActive() && serverAway(query.state.error);

/**
 * Decision 160: once a read on screen has failed because the server was away (after the waited retries
 * of `query-client.ts`), the server's health is asked after 5 s, then 10, 20 and every 30 s; as soon as
 * it answers, those reads are made again, so the screen comes back by itself, without "Try again". The
 * health check is one small request that needs no session, not a replay of every failed read. Returns
 * what stops it.
 */
export function recoverAfterOutages(client: QueryClient): () => void {
  const cache = client.getQueryCache();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let wait = FIRST_WAIT_MS;

  const anyWaiting = () => cache.getAll().some(waitingForServer);
  function schedule() {
    if (timer !== undefined || checking) return;
    if (!anyWaiting()) {
      wait = FIRST_WAIT_MS;
      return;
    }
    timer = setTimeout(() => void check(), wait);
  }
  async function check() {
    timer = undefined;
    // The reader may have left every such screen meanwhile: then nothing is asked.
    if (!anyWaiting()) return schedule();
    checking = true;
    try {
      if (await serverAnswers()) await client.refetchQueries({ predicate: waitingForServer });
    } finally {
      checking = false;
      wait = Math.min(wait * 2, LONGEST_WAIT_MS);
      schedule();
    }
  }

  const unsubscribe = cache.subscribe(schedule);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/**
 * The same watch for a screen that no read on screen stands for: the root error page, shown when a
 * route's loader failed because the server was away (the guard's check of the session). Calls `back`
 * once the health check answers, asked after 5 s, 10, 20 and every 30 s. Returns what stops it.
 */
export function onceServerAnswers(back: () => void): () => void {
  let wait = FIRST_WAIT_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    const answers = await serverAnswers();
    if (stopped) return;
    if (answers) return back();
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
    timer = setTimeout(() => void ask(), wait);
  };
  timer = setTimeout(() => void ask(), wait);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
