import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import { API_PREFIX, errorEnvelopeSchema, type ErrorCode } from '@app/shared';
import { currentLanguage } from '../i18n/i18n.ts';

/** A failed API call: the server's envelope (message already in the reader's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Bearer token to send instead of the session's (password-reset token, Google code). */
  bearer?: string | null;
}

/**
 * 403s that mean "this session may not be used": the app signs the user out and asks them to sign
 * in again. Other 403s (editing locked, not enrolled, wrong role at admin login…) are ordinary errors
 * the screen explains.
 */
const SESSION_ENDING_403: ReadonlySet<string> = new Set(['ACCOUNT_INACTIVE', 'FORBIDDEN']);

type AuthFailureHandler = (error: ApiError) => void;
let onAuthFailure: AuthFailureHandler = () => {};
/** The app shell decides what a dead session means for the UI (toast, sign-out, redirect). */
export function setAuthFailureHandler(handler: AuthFailureHandler) {
  onAuthFailure = handler;
}

export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const sessionToken = localStorage.getItem('auth_token');
  const bearer = options.bearer === undefined ? sessionToken : options.bearer;
  const headers: Record<string, string> = {
    'accept-language': currentLanguage(),
    accept: 'application/json',
  };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t`We could not reach the server. Check your connection and try again.`);
  }

  const json: unknown = response.status === 204 ? {} : await response.json().catch(() => null);
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(json);
    const error = envelope.success
      ? new ApiError(response.status, envelope.data.code, envelope.data.message, envelope.data.errors)
      : new ApiError(response.status, 'INTERNAL', t`Request failed`);
    const usedSession = Boolean(bearer) && bearer === sessionToken;
    if (
      usedSession &&
      (response.status === 401 || (response.status === 403 && SESSION_ENDING_403.has(error.code)))
    )
      onAuthFailure(error);
    throw error;
  }
  return options.schema ? options.schema.parse(json) : (json as T);
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
  const token = localStorage.getItem('auth_token');
  const response = await fetch(`${API_PREFIX}${path}`, {
    headers: { 'accept-language': currentLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  if (!response.ok) {
    const envelope = errorEnvelopeSchema.safeParse(await response.json().catch(() => null));
    const error = envelope.success
      ? new ApiError(response.status, envelope.data.code, envelope.data.message)
      : new ApiError(response.status, 'INTERNAL', t`Request failed`);
    if (response.status === 401) onAuthFailure(error);
    throw error;
  }
  return { blob: await response.blob(), headers: response.headers };
}
