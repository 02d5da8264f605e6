import { vi } from 'vitest';
import { urlOf } from './render-app.tsx';

/** One request the app made through `fetch`, as a test reads it back. */
export interface RecordedCall {
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

export type StubAnswer = { status?: number; body: unknown };

/**
 * Stubs `fetch` for a component test: answers each `METHOD /path` (without /api/v1) with its answer,
 * or with what its function gives at each call (404 for anything else), and records every request.
 * (`fakeApi` in render-app.tsx is the older variant keyed with the query string, for the learner's screens.)
 */
export function stubApi(handlers: Record<string, StubAnswer | (() => StubAnswer)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    let body: unknown;
    let file: File | null = null;
    if (init.body instanceof FormData) {
      const part = init.body.get('body');
      body = typeof part === 'string' ? JSON.parse(part) : undefined;
      const upload = init.body.get('file');
      file = upload instanceof File ? upload : null;
    } else if (typeof init.body === 'string') body = JSON.parse(init.body);
    calls.push({ method, path, search: url.search, body, file, headers: new Headers(init.headers) });
    const handler = handlers[`${method} ${path}`];
    const answer = (typeof handler === 'function' ? handler() : handler) ?? {
      status: 404,
      body: { success: false, message: 'Not found', code: 'NOT_FOUND' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
