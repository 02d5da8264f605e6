import { queryOptions } from '@tanstack/react-query';
import { userResponseSchema, type Role, type User } from '@app/shared';
import { apiFetch } from './api-client.ts';
import { paths } from './paths.ts';

export { STORAGE, getToken, getUserId, storeSession, clearSession } from './session-storage.ts';

/** The signed-in user, from the server (so a revoked token or a changed role is noticed). */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: async (): Promise<User> =>
    (await apiFetch('/auth/user', { schema: userResponseSchema })).data.user,
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

/** `/login?next=/course/42` → '/course/42'; only same-site paths are honoured. */
export function safeNext(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export const loginUrlReturningHere = () =>
  `${paths.login}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
