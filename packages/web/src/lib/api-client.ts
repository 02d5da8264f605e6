import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { API_PREFIX, type ErrorCode, type ErrorCourse, type ErrorEnvelope, type Language } from '@app/shared';
import { currentLanguage } from '../i18n/i18n.ts';
import { apiHeaders, takeEarly } from './early-requests.ts';
import { getToken } from './session-storage.ts';

/** A failed API call: the server's envelope (message already in the reader's language). */
export class ApiError extends Error {
  /**
   * The language its message is written in: the one the request asked the server for, or the app's
   * when the message is ours. A message kept on screen after the reader switches language is marked
   * with it (`lang`), so a screen reader still reads it in its own language.
   */
  readonly lang: Language = currentLanguage();
  /**
   * Set when this answer ended the session and was handed to the app (`setAuthFailureHandler`), which
   * tells the reader and sends them to sign in: the caller then says nothing more. A 401 to a request
   * that carried no session (a sign-in's own, or a token deleted by hand) is an ordinary error.
   */
  endedSession = false;

  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
    /** A 503's or 429's `Retry-After` and how long that answer took to come; the caller decides what to do. */
    readonly retryAfter?: RetryAfter,
    /** The course a NOT_ENROLLED is about, so the page can name it. */
    readonly course?: ErrorCourse,
  ) {
    super(message);
  }
}

/**
 * Whether a read of one thing by the id in the page's address failed because that id names nothing:
 * unknown (404) or not an id at all (400, the path parameter refused). The page says so; retrying
 * cannot help.
 */
export const namesNothing = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Whether a failure says the server is away for now: not reached at all, or briefly unavailable (its
 * database restarting, a proxy in front without it). It comes back by itself (decision 160).
 */
export const serverAway = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code === 'NETWORK' || [502, 503, 504].includes(error.status));

/** Whether a failure ended the session, which the app has told the reader of: the caller says nothing. */
export const endedTheSession = (error: unknown) => error instanceof ApiError && error.endedSession;

/** The server's "try again in `afterMs`", on a 503 or a 429. */
export interface RetryAfter {
  afterMs: number;
  /** From sending the request to its answer. */
  tookMs: number;
}

/**
 * The shortest wait a `Retry-After` means: "0" or a date already passed waits a second, so that a
 * read (query-client) or a sign-out (logout) does not ask again at once, over and over (decision 207).
 */
const SHORTEST_RETRY_AFTER_MS = 1_000;

/**
 * `Retry-After` in whole seconds (the server's form) or as an HTTP date (a proxy's), at least
 * `SHORTEST_RETRY_AFTER_MS`; anything else is not a wait (decision 207).
 */
function retryAfterOf(response: Response, tookMs: number): RetryAfter | undefined {
  const header = response.headers.get('retry-after')?.trim() ?? '';
  if (response.status !== 503 && response.status !== 429) return undefined;
  const afterMs = /^\d+$/.test(header)
    ? Number(header) * 1000
    : /^[a-z]/i.test(header)
      ? Date.parse(header) - Date.now()
      : NaN;
  return Number.isNaN(afterMs) ? undefined : { afterMs: Math.max(SHORTEST_RETRY_AFTER_MS, afterMs), tookMs };
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Bearer token to send instead of the session's (password-reset token, Google code). */
  bearer?: string | null;
  /** A precondition (`if-match`: the version a save was made on). */
  ifMatch?: string;
  /** The same creation sent again finds what the first made (`idempotency-key`, decision 153). */
  idempotencyKey?: string;
}

/**
 * 403s that mean "this session may not be used": the app signs the user out and asks them to sign
 * in again. Other 403s (editing locked, not enrolled, wrong role at admin login…) are ordinary errors
 * the screen explains.
 */
const SESSION_ENDING_403: ReadonlySet<string> = new Set(['ACCOUNT_INACTIVE', 'FORBIDDEN']);

type AuthFailureHandler = (error: ApiError) => void;
let onAuthFailure: AuthFailureHandler | undefined;
/**
 * A dead session met before the handler was set: a route guard's first request can be answered
 * before the layout that sets the handler has loaded (a page opened with a revoked token), and the
 * user was then sent to sign in without being told why. Kept for the handler.
 */
let missedAuthFailure: ApiError | undefined;

/**
 * The app shell decides what a dead session means for the UI (toast, sign-out, redirect); a failure
 * met before this call is handed to it at once.
 */
export function setAuthFailureHandler(handler: AuthFailureHandler) {
  onAuthFailure = handler;
  const missed = missedAuthFailure;
  missedAuthFailure = undefined;
  if (missed) handler(missed);
}

/** Hands a signed-in call's answer that ends the session to the app (description §4). */
function noteDeadSession(error: ApiError, sentSession: boolean) {
  const ends = error.status === 401 || (error.status === 403 && SESSION_ENDING_403.has(error.code));
  if (!sentSession || !ends) return;
  error.endedSession = true;
  if (onAuthFailure) onAuthFailure(error);
  else missedAuthFailure = error;
}

/**
 * The server's error envelope, recognised without zod: the page need not load a schema library to
 * read an error. Anything else (a proxy's HTML page, a crash) becomes a generic failure.
 */
function isErrorEnvelope(json: unknown): json is ErrorEnvelope {
  if (typeof json !== 'object' || json === null) return false;
  const { success, code, message, errors } = json as Record<string, unknown>;
  return (
    success === false &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (errors === undefined || Array.isArray(errors))
  );
}

function errorFrom(status: number, json: unknown, retryAfter?: RetryAfter): ApiError {
  return isErrorEnvelope(json)
    ? new ApiError(status, json.code, json.message, json.errors, retryAfter, json.course)
    : new ApiError(status, 'INTERNAL', t`Request failed`, [], retryAfter);
}

/**
 * What travels over the network, with its failure (offline, the server down, a connection cut
 * mid-download) as an ApiError in the reader's language: the browser's own message ("Failed to
 * fetch", "NetworkError when attempting to fetch resource.") is English whatever the reader reads, and
 * differs between browsers. An abort stays an abort, for the caller who asked for it.
 */
async function overNetwork<T>(transfer: () => Promise<T>): Promise<T> {
  try {
    return await transfer();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t`We could not reach the server. Check your connection and try again.`);
  }
}

/**
 * Calls the API; `S` is the route's response schema in the shared contract, named as a type only
 * (`apiFetch<typeof loginResponseSchema>(…)`, with `import type`). The answer is not parsed again
 * here (decision 038): the server encodes every JSON answer with that same schema
 * (fastify-type-provider-zod's serializer), and the answers it sends as cached text are held to it by
 * `cached-responses.contract.test.ts`. What arrives is the schema's encoded side, `z.input`.
 */
export async function apiFetch<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: ApiOptions = {},
): Promise<z.input<S>> {
  const sessionToken = getToken();
  const bearer = options.bearer === undefined ? sessionToken : options.bearer;
  const language = currentLanguage();
  const headers = apiHeaders(bearer, language);
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const method = options.method ?? (body ? 'POST' : 'GET');
  // Started before the app had loaded (decisions 043, 053), if it is this very request.
  const early = method === 'GET' ? takeEarly(path, bearer, language) : undefined;
  const started = performance.now();
  const response = await overNetwork(
    () => early ?? fetch(`${API_PREFIX}${path}`, { method, headers, body, signal: options.signal }),
  );

  const json: unknown = response.status === 204 ? {} : await response.json().catch(() => null);
  if (!response.ok) {
    const error = errorFrom(response.status, json, retryAfterOf(response, performance.now() - started));
    noteDeadSession(error, Boolean(bearer) && bearer === sessionToken);
    throw error;
  }
  // Every answer of the API is a JSON object: anything else came from something in between.
  if (typeof json !== 'object' || json === null) throw errorFrom(response.status, json);
  return json as z.input<S>;
}

/** Fetches a binary resource (certificate PDF…) with the session's bearer token. */
export async function apiFetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetchFile(path, signal)).blob;
}

/** Like apiFetchBlob, with the response headers (e.g. the certificate id sent beside its PDF). */
export async function apiFetchFile(
  path: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; headers: Headers }> {
  const token = getToken();
  const response = await overNetwork(() =>
    fetch(`${API_PREFIX}${path}`, {
      headers: {
        'accept-language': currentLanguage(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      signal,
    }),
  );
  if (!response.ok) {
    const error = errorFrom(response.status, await response.json().catch(() => null));
    noteDeadSession(error, Boolean(token));
    throw error;
  }
  // The body comes after the headers: the connection can still drop while it downloads.
  return { blob: await overNetwork(() => response.blob()), headers: response.headers };
}
