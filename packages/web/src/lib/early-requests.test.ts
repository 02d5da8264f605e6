import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
import { apiFetch } from './api-client.ts';
import { awaitEarly, startEarly } from './early-requests.ts';
import { storeSession } from './session-storage.ts';

beforeAll(() => activateLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A fetch that answers each call with its own number, and remembers what it was asked. */
function countingFetch() {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: init?.headers as Record<string, string> });
    return new Response(JSON.stringify({ success: true, call: calls.length }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('early requests (decision 043)', () => {
  it('the API client takes a request the app shell started, once, with the same headers', async () => {
    storeSession('token-1', 'user-1');
    const calls = countingFetch();
    void startEarly('/auth/user', 'token-1', 'en');
    expect(calls).toEqual([
      {
        url: '/api/v1/auth/user',
        headers: { 'accept-language': 'en', accept: 'application/json', authorization: 'Bearer token-1' },
      },
    ]);
    await expect(apiFetch('/auth/user')).resolves.toEqual({ success: true, call: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next ask is a request of its own, with the headers the early one had.
    await expect(apiFetch('/auth/user')).resolves.toEqual({ success: true, call: 2 });
    expect(calls[1]!.headers).toEqual(calls[0]!.headers);
  });

  it('is not used for another session, language, path or method', async () => {
    storeSession('token-2', 'user-2');
    const calls = countingFetch();
    void startEarly('/auth/user', 'token-old', 'en');
    void startEarly('/course/approved', 'token-2', 'ar');
    void startEarly('/user/course/c1', 'token-2', 'en');
    await apiFetch('/auth/user');
    await apiFetch('/course/approved');
    await apiFetch('/user/course/c1', { method: 'DELETE' });
    expect(calls).toHaveLength(6);
  });

  it('a first screen waits for its data only when the shell asked for it, until the app takes it', async () => {
    storeSession('token-3', 'user-3');
    countingFetch();
    const load = vi.fn(() => apiFetch('/user/course/c2'));
    await awaitEarly('/user/course/c2', load);
    expect(load).not.toHaveBeenCalled();
    void startEarly('/user/course/c2', 'token-3', 'en');
    await awaitEarly('/user/course/c2', load);
    expect(load).toHaveBeenCalledTimes(1);
    // Taken by that load: a later visit to the screen shows its own loading state.
    await awaitEarly('/user/course/c2', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
