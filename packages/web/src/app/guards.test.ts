import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { activateLanguage } from '../i18n/i18n.ts';
import { getToken, storeSession } from '../lib/session.ts';
import { queryClient } from '../lib/query-client.ts';
import toast from 'react-hot-toast';
import { redirectIfSignedIn, requireRole } from './guards.ts';

beforeAll(() => activateLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

const openLogin = () =>
  redirectIfSignedIn({ request: new Request('http://localhost/login') } as LoaderFunctionArgs);
const envelope = (code: string) => JSON.stringify({ success: false, code, message: 'm' });

describe('a signed-in user opening a sign-in page', () => {
  it('goes to their board while the session holds', async () => {
    storeSession('token', 'u1');
    const user = { _id: 'u1', role: 'EndUser', email: 'a@b.co', firstname: 'A', lastname: 'B' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, data: { user } })));
    const answer = (await openLogin()) as Response;
    expect(answer.headers.get('location')).toBe('/dashboard');
  });

  it('sees the form, signed out, when the server refuses the session', async () => {
    storeSession('token', 'u1');
    vi.stubGlobal('fetch', async () => new Response(envelope('UNAUTHORIZED'), { status: 401 }));
    expect(await openLogin()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('sees the form and keeps the session when the server cannot be reached or is restarting', async () => {
    vi.useFakeTimers();
    for (const failure of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () =>
        new Response(envelope('DATABASE_UNAVAILABLE'), { status: 503, headers: { 'retry-after': '1' } }),
    ]) {
      storeSession('token', 'u1');
      vi.stubGlobal('fetch', failure);
      const answer = openLogin();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await answer).toBeNull();
      expect(getToken()).toBe('token');
      queryClient.clear();
    }
  });
});

describe('a signed-in user opening another role’s page', () => {
  it('goes to their own board and is told why, in the page language', async () => {
    await activateLanguage('ar');
    const shown = vi.spyOn(toast, 'error');
    storeSession('token', 'u1');
    const user = { _id: 'u1', role: 'EndUser', email: 'a@b.co', firstname: 'A', lastname: 'B' };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success: true, data: { user } })));
    const answer = await requireRole('SuperAdmin')({
      request: new Request('http://localhost/admin/dashboard'),
    } as LoaderFunctionArgs).catch((thrown: unknown) => thrown);
    expect((answer as Response).headers.get('location')).toBe('/dashboard');
    expect(shown).toHaveBeenCalledWith('لا يمكن لحسابك فتح تلك الصفحة، لذا أنت في لوحتك.', expect.anything());
    await activateLanguage('en');
  });
});
