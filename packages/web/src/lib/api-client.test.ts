import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { loginResponseSchema } from '@app/shared';
import { activateLanguage } from '../i18n/i18n.ts';
import { ApiError, apiFetch, apiFetchFile, setAuthFailureHandler } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());
beforeAll(() => activateLanguage('en'));

const answer = (body: unknown, status: number) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));

const rejection = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => error,
  );

describe('apiFetch', () => {
  it("returns the server's JSON as the response schema's type, unchanged (decision 038)", async () => {
    const body = { success: true, data: { access_token: 't', user: { _id: 'u', role: 'EndUser' } } };
    answer(body, 200);
    await expect(apiFetch<typeof loginResponseSchema>('/auth/login', { body: {} })).resolves.toEqual(body);
  });

  it('reads the error envelope: status, code, message and field errors', async () => {
    answer(
      {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Check the form',
        errors: [{ path: 'email', message: 'Enter an e-mail address' }],
      },
      400,
    );
    const error = await rejection(apiFetch('/auth/signup', { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      fieldErrors: [{ path: 'email', message: 'Enter an e-mail address' }],
    });
  });

  it('turns anything else that fails (a proxy page, a half envelope) into a generic error', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await rejection(apiFetch('/course/approved'))).toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'Request failed',
    });
    answer({ success: false, message: 'no code' }, 500);
    expect(await rejection(apiFetch('/course/approved'))).toMatchObject({ status: 500, code: 'INTERNAL' });
    vi.stubGlobal('fetch', async () => new Response('<html>Portal login</html>', { status: 200 }));
    expect(await rejection(apiFetch('/course/approved'))).toMatchObject({ status: 200, code: 'INTERNAL' });
  });
});

describe("a 503's Retry-After", () => {
  const envelope = JSON.stringify({
    success: false,
    code: 'DATABASE_UNAVAILABLE',
    message: 'Briefly unavailable',
  });
  const unavailable = (headers: Record<string, string>, status = 503) =>
    vi.stubGlobal('fetch', async () => new Response(envelope, { status, headers }));

  it('is kept on the error in milliseconds, as the server said it, with how long the answer took', async () => {
    vi.useFakeTimers();
    const answeringAfter = (ms: number, retryAfter: string) =>
      vi.stubGlobal(
        'fetch',
        () =>
          new Promise<Response>((resolve) =>
            setTimeout(
              () => resolve(new Response(envelope, { status: 503, headers: { 'retry-after': retryAfter } })),
              ms,
            ),
          ),
      );
    answeringAfter(200, '5');
    const prompt = rejection(apiFetch('/course/approved'));
    await vi.advanceTimersByTimeAsync(200);
    expect(await prompt).toMatchObject({
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfter: { afterMs: 5000, tookMs: 200 },
    });
    // A statement cancelled at its timeout: the answer itself took 10 s (query-client weighs that).
    answeringAfter(10_000, '3600');
    const slow = rejection(apiFetch('/course/approved'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await slow).toMatchObject({ status: 503, retryAfter: { afterMs: 3_600_000, tookMs: 10_000 } });
    vi.useRealTimers();
    for (const [headers, status] of [
      [{}, 503],
      [{ 'retry-after': '' }, 503],
      [{ 'retry-after': '-5' }, 503],
      [{ 'retry-after': 'soon' }, 503],
      [{ 'retry-after': '5' }, 500],
    ] as const) {
      unavailable(headers, status);
      expect(await rejection(apiFetch('/course/approved'))).toMatchObject({ retryAfter: undefined });
    }
  });

  it('is read on a 429 too, and from an HTTP date (a date passed, or 0, waits a second): logout waits for it (decision 207)', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 22, 59, 0) });
    try {
      for (const [header, status, afterMs] of [
        ['5', 429, 5000],
        ['Fri, 27 Nov 2026 23:00:00 GMT', 503, 60_000],
        ['Fri, 27 Nov 2026 22:00:00 GMT', 429, 1000],
        ['Fri, 27 Nov 2026 22:59:00 GMT', 503, 1000],
        ['0', 503, 1000],
      ] as const) {
        unavailable({ 'retry-after': header }, status);
        expect(await rejection(apiFetch('/course/approved'))).toMatchObject({
          status,
          retryAfter: { afterMs },
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a dead session', () => {
  afterEach(() => localStorage.clear());

  it('met before the app set its handler is handed to the handler when it is set, once', async () => {
    // A guard's first request can be answered before the layout that sets the handler has loaded.
    localStorage.setItem('auth_token', 'revoked');
    answer({ success: false, code: 'UNAUTHORIZED', message: 'Your session has expired' }, 401);
    const missed = await rejection(apiFetch('/auth/user'));
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    expect(handler).toHaveBeenCalledExactlyOnceWith(missed);
    setAuthFailureHandler(handler);
    expect(handler).toHaveBeenCalledTimes(1);

    // Once set, the handler hears of each dead session as it happens; other failures are not its.
    await rejection(apiFetch('/auth/user'));
    expect(handler).toHaveBeenCalledTimes(2);
    answer({ success: false, code: 'NOT_FOUND', message: 'No such course' }, 404);
    await rejection(apiFetch('/user/course/x'));
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('is said on the error handed over, so its caller adds nothing; a 401 to a request without a session is not one', async () => {
    const handler = vi.fn();
    setAuthFailureHandler(handler);
    const expired = { success: false, code: 'TOKEN_INVALID', message: 'Your session has expired' };
    const inactive = { success: false, code: 'ACCOUNT_INACTIVE', message: 'Your account is inactive' };
    localStorage.setItem('auth_token', 'revoked');
    for (const [body, status, call] of [
      [expired, 401, () => apiFetch('/course', { method: 'POST', body: {} })],
      [inactive, 403, () => apiFetch('/course', { method: 'POST', body: {} })],
      [expired, 401, () => apiFetchFile('/user/certificate/1')],
      [inactive, 403, () => apiFetchFile('/user/certificate/1')],
    ] as const) {
      answer(body, status);
      const error = await rejection(call());
      expect(error).toMatchObject({ status, endedSession: true });
      expect(handler).toHaveBeenLastCalledWith(error);
    }
    expect(handler).toHaveBeenCalledTimes(4);

    // The token deleted by hand (or never there): the answer is an ordinary error its caller tells.
    localStorage.removeItem('auth_token');
    answer({ success: false, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }, 401);
    for (const call of [
      () => apiFetch('/course', { method: 'POST', body: {} }),
      () => apiFetchFile('/user/certificate/1'),
    ])
      expect(await rejection(call())).toMatchObject({ status: 401, endedSession: false });
    // A bearer of its own (a reset link's token) is not the session either.
    localStorage.setItem('auth_token', 'current');
    answer({ success: false, code: 'TOKEN_INVALID', message: 'The link has expired' }, 401);
    expect(
      await rejection(apiFetch('/auth/reset-password', { body: {}, bearer: 'reset-token' })),
    ).toMatchObject({ status: 401, endedSession: false });
    // Another 403 (editing locked, wrong role…) is the screen's to explain.
    answer({ success: false, code: 'EDITING_LOCKED', message: 'Locked' }, 403);
    expect(await rejection(apiFetch('/course/1', { method: 'PUT', body: {} }))).toMatchObject({
      endedSession: false,
    });
    expect(handler).toHaveBeenCalledTimes(4);
  });
});

describe('apiFetchFile', () => {
  afterEach(() => activateLanguage('en'));

  it("explains a network failure in the reader's language, as apiFetch does; an abort stays an abort", async () => {
    const unreachable = { status: 0, code: 'NETWORK' };
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch'); // the browser's words, in English whatever the page's language
    });
    for (const call of [() => apiFetchFile('/user/certificate/1'), () => apiFetch('/user/course/1')]) {
      await activateLanguage('en');
      expect(await rejection(call())).toMatchObject({
        ...unreachable,
        message: 'We could not reach the server. Check your connection and try again.',
        lang: 'en',
      });
      await activateLanguage('ar');
      expect(await rejection(call())).toMatchObject({
        ...unreachable,
        message: 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
        lang: 'ar',
      });
    }

    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', async () => {
      throw aborted;
    });
    expect(await rejection(apiFetchFile('/user/certificate/1'))).toBe(aborted);
  });

  it('explains a connection dropped while the file downloads the same way', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        ({
          ok: true,
          status: 200,
          headers: new Headers(),
          blob: () => Promise.reject(new TypeError('network error')),
        }) as unknown as Response,
    );
    expect(await rejection(apiFetchFile('/user/certificate/1'))).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'We could not reach the server. Check your connection and try again.',
    });
  });

  it('reads the error envelope of a refused download', async () => {
    answer({ success: false, code: 'CERTIFICATE_NOT_EARNED', message: 'Not yet' }, 403);
    expect(await rejection(apiFetchFile('/user/certificate/1'))).toMatchObject({
      status: 403,
      code: 'CERTIFICATE_NOT_EARNED',
      message: 'Not yet',
    });
  });
});
