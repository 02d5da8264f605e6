import { queryOptions } from '@tanstack/react-query';
import { isSitePath, type userResponseSchema, type Role, type User } from '@app/shared';
import { apiFetch } from './api-client.ts';
import { revoke } from './logout.ts';
import { paths } from './paths.ts';
import { localStore, sessionStore } from './browser-storage.ts';
import { queryClient } from './query-client.ts';
import { STORAGE, clearSession, getToken } from './session-storage.ts';

export { STORAGE, getToken, getUserId, storeSession, clearSession } from './session-storage.ts';

/** The signed-in user, from the server (so a revoked token or a changed role is noticed). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async (): Promise<User> => (await apiFetch<typeof userResponseSchema>('/auth/user')).data.user,
  staleTime: 5 * 60_000,
});

/** Where each role lands after signing in (description §2, §6). */
export function homeFor(role: Role): string {
  switch (role) {
    case 'SuperAdmin':
    case 'Admin':
      return paths.adminDashboard;
    case 'Contributor':
      return paths.contributorDashboard;
    default:
      return paths.dashboard;
  }
}

/**
 * `/login?next=/course/42` → '/course/42'; only same-site paths are honoured (`isSitePath` of
 * @app/shared: browsers read `/\host` like `//host`, another site).
 */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return isSitePath(next) ? next : null;
}

/** `/login` or `/signup`, coming back to `next` afterwards when there is one. */
export const withNext = (path: string, next: string | null) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;

/**
 * Where a new account goes once its e-mail is verified, as this device kept it: the verification link
 * opens a new page, so the sign-up page keeps its `next` here (the link itself carries a course's,
 * decision 200: `returnAfterVerification` of the auth feature).
 */
const NEXT_AFTER_VERIFY = 'next_after_verify';
export function rememberNextAfterVerification(next: string | null) {
  if (next) localStore.setItem(NEXT_AFTER_VERIFY, next);
  else localStore.removeItem(NEXT_AFTER_VERIFY);
}
export function nextAfterVerification(): string | null {
  const next = localStore.getItem(NEXT_AFTER_VERIFY);
  return isSitePath(next) ? next : null;
}

export const loginUrlReturningHere = () =>
  `${paths.login}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/**
 * The e-mail address typed on one sign-in page, carried to the page it leads to ("Forgot Password?"
 * from Log In, Log In after a reset), so it is not typed twice. In the router's state: this tab's
 * history only, never the address bar or the server's logs.
 */
export const carryEmail = (email: string) => ({ email: email.trim() });

/** The address carried here by `carryEmail`, or '' (a direct visit, another state). */
export function carriedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * Description §4: revoke the session on the server, clear token and user id (and this tab's session
 * storage), store the logout time, go to /login. Signed out here even if the server cannot be
 * reached; it is then asked again until it answers. Whether it ended the session at once: if not,
 * the caller tells the reader (the message is its feature's, not every page's). It stays here, beside
 * the session it ends, rather than in logout.ts with its retry: imported from there by the header and
 * the verify page, logout.ts became a file of its own, a fourteenth request of /dashboard's first visit.
 */
export async function logout(navigate: (to: string) => unknown): Promise<boolean> {
  // Signed out here first, the token then sent as a plain bearer: a session that had already ended
  // on the server (401) is not "your session expired" to someone who chose to leave.
  const token = getToken();
  clearSession();
  const reached = token ? await revoke(token) : true;
  // What this tab kept for the account goes too (a quiz in progress, decision 093): the next person
  // at a shared computer finds nothing of it, not even in the browser's storage.
  sessionStore.clear();
  localStore.setItem(STORAGE.logoutAt, String(Date.now()));
  // The cache goes once the page has gone: a screen still shown after a clear asks again for what it
  // shows (a flash of its spinner; a verification link, single use, sent a second time).
  await navigate(paths.login);
  queryClient.clear();
  return reached;
}
