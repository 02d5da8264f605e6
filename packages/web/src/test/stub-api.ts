import { vi } from 'vitest';

/** One request the app made through `fetch`, as a test reads it back. */
export interface RecordedCall {
  /** `METHOD /path?query`, the path without /api/v1. */
  key: string;
  method: string;
  path: string;
  /** The query string, `?…` or empty. */
  search: string;
  /** A JSON body parsed; for multipart, its `body` part parsed (the course form sends one). */
  body: unknown;
  /** A multipart body's `file` part, if any. */
  file: File | null;
  headers: Headers;
}

export type StubAnswer = { status?: number; body: unknown; headers?: Record<string, string> };
export type StubHandlers = Record<string, StubAnswer | ((init: RequestInit) => StubAnswer)>;

export const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * A `fetch` stand-in for component tests: answers each request with the handler of its
 * `METHOD /path?query`, else of its `METHOD /path` (the path without /api/v1) — an answer, or a
 * function giving one at each call — and 404 for anything else; records every request.
 */
export function fakeApi(handlers: StubHandlers) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const key = `${method} ${path}${url.search}`;
    let body: unknown;
    let file: File | null = null;
    if (init.body instanceof FormData) {
      const part = init.body.get('body');
      body = typeof part === 'string' ? JSON.parse(part) : undefined;
      const upload = init.body.get('file');
      file = upload instanceof File ? upload : null;
    } else if (typeof init.body === 'string') body = JSON.parse(init.body);
    calls.push({ key, method, path, search: url.search, body, file, headers: new Headers(init.headers) });
    const handler = handlers[key] ?? handlers[`${method} ${path}`];
    const answer = (typeof handler === 'function' ? handler(init) : handler) ?? {
      status: 404,
      body: { success: false, message: 'Not found', code: 'NOT_FOUND' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, calls };
}

/** `fakeApi` put in place as the global `fetch`; returns the recorded requests. */
export function stubApi(handlers: StubHandlers): RecordedCall[] {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api.calls;
}

/**
 * `answer` put in place as the global `fetch`, with each request whose address `held` picks (every
 * one by default) kept waiting until `release()`, as on a slow network: what a screen shows while a
 * request is in flight. `holding()` says whether one is waiting.
 */
export function stubHeldFetch(
  answer: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  held: (url: string) => boolean = () => true,
) {
  let waiting: (() => void)[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (held(urlOf(input))) await new Promise<void>((resolve) => waiting.push(resolve));
    return answer(input, init);
  });
  return {
    holding: () => waiting.length > 0,
    release() {
      const released = waiting;
      waiting = [];
      released.forEach((resolve) => resolve());
    },
  };
}
