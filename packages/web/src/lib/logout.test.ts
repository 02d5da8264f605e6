import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
import { fakeApi } from '../test/stub-api.ts';
import { setAuthFailureHandler } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { logout } from './session.ts';
import { getToken, getUserId, STORAGE, storeSession } from './session-storage.ts';

// Failures are told in the reader's language.
beforeAll(() => activateLanguage('en'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('logout', () => {
  it('revokes the session, forgets the account and what this tab kept for it, and goes to /login', async () => {
    storeSession('token-1', 'learner-1');
    sessionStorage.setItem('quiz-in-progress:learner-1:quiz', '{"index":1,"answers":{"q1":"A"}}');
    const api = fakeApi({ 'POST /auth/logout': () => ({ body: { success: true, message: 'Logged out' } }) });
    vi.stubGlobal('fetch', api.fetch);
    const navigate = vi.fn();

    await logout(navigate);

    expect(api.calls.map((call) => call.key)).toEqual(['POST /auth/logout']);
    expect(getToken()).toBeNull();
    expect(getUserId()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(Number(localStorage.getItem(STORAGE.logoutAt))).toBeGreaterThan(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('forgets what was fetched once the page has gone, not before (the page would ask again)', async () => {
    storeSession('token-1', 'learner-1');
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'POST /auth/logout': () => ({ body: { success: true, message: 'Bye' } }) }).fetch,
    );
    queryClient.setQueryData(['auth', 'verify-email', 'a-link'], { success: true, message: 'Verified' });
    const shownWhileLeaving: unknown[] = [];
    await logout(() => {
      shownWhileLeaving.push(queryClient.getQueryData(['auth', 'verify-email', 'a-link']));
    });
    expect(shownWhileLeaving).toEqual([{ success: true, message: 'Verified' }]);
    expect(queryClient.getQueryData(['auth', 'verify-email', 'a-link'])).toBeUndefined();
  });

  it('leaves quietly when the session had already ended on the server: no "session expired"', async () => {
    storeSession('token-1', 'learner-1');
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('authorization'));
      const body = { success: false, code: 'UNAUTHORIZED', message: 'Your session has ended.' };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 401 }));
    });
    const sessionEnded = vi.fn();
    setAuthFailureHandler(sessionEnded);
    const navigate = vi.fn();

    await logout(navigate);

    expect(sent).toEqual(['Bearer token-1']);
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('asks the server again until it ends the session when it cannot be reached (decision 197)', async () => {
    vi.useFakeTimers();
    try {
      storeSession('token-1', 'learner-1');
      const sent: (string | null)[] = [];
      let answers = ['offline', 503, 'ok'];
      vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get('authorization'));
        const [answer, ...rest] = answers;
        answers = rest;
        if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
        if (answer === 503) {
          const body = { success: false, code: 'DATABASE_UNAVAILABLE', message: 'Away' };
          return Promise.resolve(new Response(JSON.stringify(body), { status: 503 }));
        }
        return Promise.resolve(
          new Response(JSON.stringify({ success: true, message: 'Bye' }), { status: 200 }),
        );
      });
      const navigate = vi.fn();

      // Not reached: the caller tells the reader.
      expect(await logout(navigate)).toBe(false);
      expect(getToken()).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login');
      // Again after 5 s (the database away: 503), then after 10 s more: ended.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sent).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-1']);
      // Answered: no more tries.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again when the server failed (500) or was busy (429): neither ended the session', async () => {
    vi.useFakeTimers();
    try {
      storeSession('token-1', 'learner-1');
      let answers = [500, 429, 200];
      const sent: number[] = [];
      vi.stubGlobal('fetch', () => {
        const [status = 200, ...rest] = answers;
        answers = rest;
        sent.push(status);
        const body =
          status === 200 ? { success: true, message: 'Bye' } : { success: false, code: 'X', message: 'No' };
        return Promise.resolve(new Response(JSON.stringify(body), { status }));
      });
      expect(await logout(vi.fn())).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sent).toEqual([500, 429, 200]);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  describe("waits as long as the server's Retry-After says (decision 207)", () => {
    /** Answers each try with the next status and headers; records when each came, on the fake clock. */
    const answering = (answers: [number, Record<string, string>][]) => {
      const at: number[] = [];
      vi.stubGlobal('fetch', () => {
        at.push(Date.now());
        const [status, headers] = answers.shift() ?? [200, {}];
        const body =
          status === 200 ? { success: true, message: 'Bye' } : { success: false, code: 'X', message: 'No' };
        return Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
      });
      return at;
    };

    it('in seconds on a 429, an HTTP date on a 503; the doubling goes on where neither says', async () => {
      vi.useFakeTimers({ now: Date.UTC(2026, 11, 2, 10, 0, 0) });
      try {
        storeSession('token-1', 'learner-1');
        const at = answering([
          [429, { 'retry-after': '120' }],
          [503, { 'retry-after': 'Wed, 02 Dec 2026 10:02:30 GMT' }],
          [503, {}],
          [200, {}],
        ]);
        expect(await logout(vi.fn())).toBe(false);
        await vi.advanceTimersByTimeAsync(119_000);
        expect(at).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(1_000);
        expect(at).toHaveLength(2);
        // At 10:02:00, told 10:02:30: 30 s.
        await vi.advanceTimersByTimeAsync(29_000);
        expect(at).toHaveLength(2);
        await vi.advanceTimersByTimeAsync(1_000);
        expect(at).toHaveLength(3);
        // Nothing said: the third wait of the doubling, 20 s.
        await vi.advanceTimersByTimeAsync(20_000);
        expect(at.map((time) => (time - at[0]!) / 1000)).toEqual([0, 120, 150, 170]);
        await vi.advanceTimersByTimeAsync(600_000);
        expect(at).toHaveLength(4);
      } finally {
        vi.useRealTimers();
      }
    });

    it('at most five minutes, and at least a second for a wait of none or a date passed', async () => {
      vi.useFakeTimers({ now: Date.UTC(2026, 11, 2, 10, 0, 0) });
      try {
        storeSession('token-1', 'learner-1');
        const at = answering([
          [503, { 'retry-after': '86400' }],
          [429, { 'retry-after': '0' }],
          [503, { 'retry-after': 'Tue, 01 Dec 2026 10:00:00 GMT' }],
          [200, {}],
        ]);
        await logout(vi.fn());
        await vi.advanceTimersByTimeAsync(300_000);
        await vi.advanceTimersByTimeAsync(1_000);
        await vi.advanceTimersByTimeAsync(1_000);
        expect(at.map((time) => (time - at[0]!) / 1000)).toEqual([0, 300, 301, 302]);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('says the server ended the session when it answered at once', async () => {
    storeSession('token-1', 'learner-1');
    vi.stubGlobal(
      'fetch',
      fakeApi({ 'POST /auth/logout': () => ({ body: { success: true, message: 'Bye' } }) }).fetch,
    );
    expect(await logout(vi.fn())).toBe(true);
  });

  it('signs out here even when the server cannot be reached', async () => {
    storeSession('token-1', 'learner-1');
    sessionStorage.setItem('quiz-in-progress:learner-1:quiz', '{}');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const navigate = vi.fn();

    await logout(navigate);

    expect(getToken()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
