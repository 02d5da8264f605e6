import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { activateLanguage } from '../i18n/i18n.ts';
import { apiFetch } from './api-client.ts';
import { queryClient, retryDelay, retryRead } from './query-client.ts';

beforeAll(() => activateLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const envelope = (code: string) => JSON.stringify({ success: false, code, message: 'm' });

/** The server's answers in turn (the last repeats); counts the requests. */
function serverAnswering(...answers: (() => Response)[]) {
  const seen = { requests: 0 };
  vi.stubGlobal('fetch', async () => answers[Math.min(seen.requests++, answers.length - 1)]!());
  return seen;
}
const unavailable = () =>
  new Response(envelope('DATABASE_UNAVAILABLE'), { status: 503, headers: { 'retry-after': '5' } });
const ok = () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 });

function read(client: QueryClient) {
  return client.fetchQuery({ queryKey: ['catalogue'], queryFn: () => apiFetch('/course/approved') });
}
const policy = () => new QueryClient({ defaultOptions: { queries: { retry: retryRead, retryDelay } } });

describe('reads while the database is briefly away', () => {
  it("are tried again after the server's Retry-After, not sooner, and come back by themselves", async () => {
    vi.useFakeTimers();
    const server = serverAnswering(unavailable, unavailable, ok);
    const answer = read(policy());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(server.requests).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toBe(2);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(answer).resolves.toEqual({ success: true, data: [] });
    expect(server.requests).toBe(3);
  });

  it('give up after three waits, with the error the screen explains', async () => {
    vi.useFakeTimers();
    const server = serverAnswering(unavailable);
    const answer = read(policy()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await answer).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(server.requests).toBe(4);
  });

  it('wait at most 30 s, however long the server asks', async () => {
    vi.useFakeTimers();
    const server = serverAnswering(
      () =>
        new Response(envelope('DATABASE_UNAVAILABLE'), { status: 503, headers: { 'retry-after': '3600' } }),
      ok,
    );
    const answer = read(policy());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.requests).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ success: true, data: [] });
  });

  it('are tried once after 1 s when the 503 itself took long (a statement cancelled at its deadline)', async () => {
    vi.useFakeTimers();
    const seen = { requests: 0 };
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          seen.requests += 1;
          setTimeout(() => resolve(unavailable()), 10_000);
        }),
    );
    const answer = read(policy()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000 + 999);
    expect(seen.requests).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.requests).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await answer).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(seen.requests).toBe(2);
  });

  it('as before: a client error is not retried, another failure once after 1 s', async () => {
    vi.useFakeTimers();
    const notFound = serverAnswering(() => new Response(envelope('NOT_FOUND'), { status: 404 }));
    await read(policy()).catch(() => {});
    expect(notFound.requests).toBe(1);
    const failing = serverAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const answer = read(policy()).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toMatchObject({ status: 502 });
    expect(failing.requests).toBe(2);
  });

  it("a 429's Retry-After is not waited for: the limit's minute is the reader's to see (decision 207)", async () => {
    const limited = serverAnswering(
      () => new Response(envelope('RATE_LIMITED'), { status: 429, headers: { 'retry-after': '5' } }),
    );
    expect(await read(policy()).catch((error: unknown) => error)).toMatchObject({
      status: 429,
      retryAfter: { afterMs: 5000 },
    });
    expect(limited.requests).toBe(1);
  });
});

describe('reads while the browser is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('are made and fail with a message (the panel then waits for the server), instead of waiting silently', async () => {
    vi.useFakeTimers();
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const answer = queryClient
      .fetchQuery({ queryKey: ['offline-read'], queryFn: () => apiFetch('/course/approved') })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000); // the one retry of a failure that is not the reader's
    expect(await answer).toMatchObject({
      status: 0,
      message: 'We could not reach the server. Check your connection and try again.',
    });
    queryClient.removeQueries({ queryKey: ['offline-read'] });
  });
});

describe('writes while the browser is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('are sent at once and fail with a message, instead of waiting silently for the connection', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const write = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => apiFetch('/course/new', { method: 'POST', body: {} }),
    });
    await expect(write.execute(undefined)).rejects.toMatchObject({
      status: 0,
      message: 'We could not reach the server. Check your connection and try again.',
    });
  });
});
