import { API_PREFIX } from '@app/shared';

/**
 * GET requests the app shell starts before the app has loaded (decision 043), and the sign-in page's
 * provider list that the early module asks for (decision 053): the app would only ask for them after
 * its ~130 kB of JavaScript has arrived and run. Each is taken at most once, by the
 * API client, when the app asks for the same path with the same session and language; otherwise it
 * is never used. The early module and the app's entry import this one module, so they share it.
 */
const started = new Map<string, { bearer: string | null; language: string; response: Promise<Response> }>();

/** The headers of every API request (the API client's and the early ones alike). */
export function apiHeaders(bearer: string | null, language: string): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': language, accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return headers;
}

/**
 * Marks a page's identity-provider buttons until the app knows which the server has (they come from
 * `/auth/config`): all there, hidden; the early module asks for that list at once and shows the ones
 * that are on (decision 053). Each button says its provider in `data-provider`.
 */
export const PROVIDERS_PLACE = 'data-providers-place';

export function startEarly(path: string, bearer: string | null, language: string): Promise<Response> {
  const response = fetch(`${API_PREFIX}${path}`, { headers: apiHeaders(bearer, language) });
  // A failure is reported by the API client if the app takes this request, and ignored if not.
  response.catch(() => {});
  started.set(path, { bearer, language, response });
  return response;
}

export function takeEarly(
  path: string,
  bearer: string | null,
  language: string,
): Promise<Response> | undefined {
  const early = started.get(path);
  if (early?.bearer !== bearer || early.language !== language) return undefined;
  started.delete(path);
  return early.response;
}

/**
 * Waits for the first screen's data when the app shell has already asked for it (decision 044), so
 * that the screen's first render shows it; otherwise returns at once and the screen shows its own
 * loading state. `load` puts the answer in the query cache (and takes the early request).
 */
export async function awaitEarly(path: string, load: () => Promise<unknown>): Promise<void> {
  if (started.has(path)) await load();
}
