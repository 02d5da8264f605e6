import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * A read the server asked to retry later (503 with `Retry-After`: the database restarting or failing
 * over) is tried again after that wait, this many times, so the screen comes back by itself instead of
 * showing an error the reader would have to retry by hand a few seconds later.
 */
const WAITED_RETRIES = 3;

/** The longest `Retry-After` honoured: a longer wait is better shown to the reader than spent loading. */
const MAX_RETRY_AFTER_MS = 30_000;
/**
 * A 503 that took longer than this to come (a statement cancelled after 10 s, a silent database
 * dropped after 15 s: decision 081) has made the reader wait already; waiting and asking again, up to
 * three times, would keep them on a loading screen for a minute. Only a prompt "try later" (the
 * database refusing or restarting) has its `Retry-After` waited for.
 */
const PROMPT_ANSWER_MS = 5_000;

/** How long to wait before asking again when the server promptly said so; otherwise `undefined`. */
function serverWait(error: unknown): number | undefined {
  // A 429's wait (a minute, for a limit) is the reader's to see, not a loading screen's.
  const asked = error instanceof ApiError && error.status === 503 ? error.retryAfter : undefined;
  if (!asked || asked.tookMs > PROMPT_ANSWER_MS) return undefined;
  return Math.min(asked.afterMs, MAX_RETRY_AFTER_MS);
}

/** Client errors will not fix themselves; a prompt 503 with `Retry-After` is waited for; other failures once. */
export function retryRead(failures: number, error: unknown): boolean {
  if (serverWait(error) !== undefined) return failures < WAITED_RETRIES;
  return failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** As long as the server said; otherwise React Query's own back-off (1 s, 2 s, … up to 30 s). */
export function retryDelay(failures: number, error: unknown): number {
  return serverWait(error) ?? Math.min(1000 * 2 ** failures, 30_000);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: retryRead,
      retryDelay,
      // Offline, React Query would hold a read until the connection returned: a page's spinner, or
      // "Load more courses", waiting with nothing said (a reviewer on a phone). It is made now, as a
      // write is, and fails with "We could not reach the server…"; its panel then says it will try
      // again by itself, and does once the server answers (decision 160), as after any outage.
      networkMode: 'always',
    },
    mutations: {
      // Offline, React Query would hold a write until the connection returns, the button spinning
      // with nothing said, and then send it by itself, maybe long after. It is sent now instead:
      // "We could not reach the server…", and the form keeps what was typed for the reader to retry.
      networkMode: 'always',
    },
  },
});
