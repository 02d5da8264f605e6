import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * A read the server asked to retry later (503 with `Retry-After`: the database restarting or failing
 * over) is tried again after that wait, this many times, so the screen comes back by itself instead of
 * showing an error the reader would have to retry by hand a few seconds later.
 */
const WAITED_RETRIES = 3;

/** How long the server asked to wait before asking again, when it did (api-client: a prompt 503). */
const serverWait = (error: unknown) => (error instanceof ApiError ? error.retryAfterMs : undefined);

/** Client errors will not fix themselves; a 503 with `Retry-After` is waited for; other failures once. */
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
    },
  },
});
