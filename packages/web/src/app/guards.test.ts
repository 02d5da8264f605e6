import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { activateLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/i18n.ts';
import { clearSession, getToken, STORAGE, storeSession } from '../lib/session.ts';
import { stubApi } from '../test/stub-api.ts';
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

describe('a language chosen while signed in on the landing page', () => {
  const user = (preferred: 'en' | 'ar') => ({
    _id: 'u1',
    role: 'EndUser',
    email: 'a@b.co',
    firstname: 'A',
    lastname: 'B',
    preferred_language: preferred,
  });
  const openBoard = () =>
    requireRole('EndUser')({ request: new Request('http://localhost/dashboard') } as LoaderFunctionArgs);
  /** What the landing page's menu leaves behind for a signed-in reader who chose `language`. */
  const choseOnLanding = (language: 'en' | 'ar') => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    localStorage.setItem(STORAGE.languageUnsaved, language);
  };

  it('is given to the account on the next signed-in screen, once', async () => {
    storeSession('token', 'u1');
    choseOnLanding('ar');
    const calls = stubApi({
      'GET /auth/user': { body: { success: true, data: { user: user('en') } } },
      'PATCH /auth/user': { body: { success: true, data: { user: user('ar') } } },
    });
    expect(await openBoard()).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE.languageUnsaved)).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { preferred_language: 'ar' },
    ]);
    queryClient.clear();
    expect(await openBoard()).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('is not given when the device has chosen otherwise since, nor without such a choice', async () => {
    storeSession('token', 'u1');
    choseOnLanding('ar');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en'); // chosen again in the app, which saved it
    const calls = stubApi({ 'GET /auth/user': { body: { success: true, data: { user: user('en') } } } });
    expect(await openBoard()).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE.languageUnsaved)).toBeNull());
    queryClient.clear();
    expect(await openBoard()).toBeNull();
    expect(calls.map((call) => call.key)).toEqual(['GET /auth/user', 'GET /auth/user']);
  });

  it('is forgotten at sign-out: the next account on this browser is not told', () => {
    storeSession('token', 'u1');
    choseOnLanding('ar');
    clearSession();
    expect(localStorage.getItem(STORAGE.languageUnsaved)).toBeNull();
  });
});
