import { API_PREFIX } from '@app/shared';

/**
 * GET requests the app shell starts before the app has loaded (decision 043): the app would only ask
 * for them after its ~175 kB of JavaScript has arrived and run. Each is taken at most once, by the
 * API client, when the app asks for the same path with the same session and language; otherwise it
 * is never used. The early module and the app's entry import this one module, so they share it.
 */
const started = new Map<string, Promise<Response>>();
const keyOf = (path: string, bearer: string, language: string) => `${language} ${bearer} ${path}`;

/** The headers of every API request (the API client's and the early ones alike). */
export function apiHeaders(bearer: string | null, language: string): Record<string, string> {
  const headers: Record<string, string> = { 'accept-language': language, accept: 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return headers;
}

export function startEarly(path: string, bearer: string, language: string): void {
  const response = fetch(`${API_PREFIX}${path}`, { headers: apiHeaders(bearer, language) });
  // A failure is reported by the API client if the app takes this request, and ignored if not.
  response.catch(() => {});
  started.set(keyOf(path, bearer, language), response);
}

export function takeEarly(path: string, bearer: string, language: string): Promise<Response> | undefined {
  const key = keyOf(path, bearer, language);
  const response = started.get(key);
  started.delete(key);
  return response;
}
