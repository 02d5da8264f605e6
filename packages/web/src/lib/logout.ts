import { ApiError, apiFetch, serverAway } from './api-client.ts';

/** The first wait before asking the server again to end a session it could not be told of. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60_000;
/**
 * The longest wait the server may ask for (`Retry-After`, decision 207): a longer one is cut to five
 * minutes (a proxy's "tomorrow" would leave the session open the day). The shortest, a second, is
 * api-client's reading of the header, for reads and sign-out alike.
 */
const LONGEST_ASKED_MS = 5 * 60_000;

/** An answer of a server that did not do what was asked, so the session may still be open. */
const notTaken = (error: unknown) =>
  error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408);

/** How long to wait before asking again: as long as the server said (a 503's, a 429's), else `backoff`. */
function waitAfter(error: unknown, backoff: number): number {
  const asked = error instanceof ApiError ? error.retryAfter?.afterMs : undefined;
  return asked === undefined ? backoff : Math.min(asked, LONGEST_ASKED_MS);
}

/**
 * Ends the session on the server; when the server cannot be reached (offline, its database away:
 * 502–504) or did not take the request (another 5xx, 429, 408), asks again, waiting twice as long each
 * time up to a minute, or as long as its `Retry-After` said, for as long as the page is open (decisions
 * 197, 207). The token is kept in memory only, for this: the browser's storage has forgotten it.
 * Whether the first try ended the session there.
 */
export async function revoke(token: string, backoff = FIRST_RETRY_MS): Promise<boolean> {
  try {
    await apiFetch('/auth/logout', { method: 'POST', bearer: token });
  } catch (error) {
    // An answer that the server took the request settles it (a 401: the session had already ended);
    // "away", a failure of its own (5xx) or "too many" (429, 408) did not end the session.
    if (!serverAway(error) && !notTaken(error)) return true;
    const next = Math.min(backoff * 2, LONGEST_RETRY_MS);
    setTimeout(() => void revoke(token, next), waitAfter(error, backoff));
    return false;
  }
  return true;
}
