import { t } from '@lingui/core/macro';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '@app/shared';
import { ApiError } from '../lib/api-client.ts';
import { clearSession, currentUserQuery, getToken, homeFor, safeNext, STORAGE } from '../lib/session.ts';
import { withAccountLanguage } from '../lib/with-account-language.ts';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { notify } from '../lib/toast.ts';
import { localStore } from '../lib/browser-storage.ts';

/** The server refused the session itself (not an outage): it is over, and forgotten here. */
const sessionRefused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

const loginReturningTo = (request: Request) => {
  const url = new URL(request.url);
  return `${paths.login}?next=${encodeURIComponent(url.pathname + url.search)}`;
};

/**
 * Route guard (loader): signed-in users with one of `roles` pass; others are sent to sign in (and come
 * back here afterwards) or to their own board. The server checks every request again regardless.
 */
export const requireRole =
  (...roles: Role[]) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (!getToken()) throw redirect(loginReturningTo(request));
    try {
      const user = await queryClient.ensureQueryData(currentUserQuery);
      if (roles.length > 0 && !roles.includes(user.role)) {
        // Said, not only done: a shared link to another role's page used to land on the reader's own
        // board without a word, as if the link were wrong.
        notify.error(t`Your account cannot open that page, so you are on your own board.`);
        throw redirect(homeFor(user.role));
      }
      if (localStore.getItem(STORAGE.languageUnsaved))
        withAccountLanguage((account) => account.saveLanguageLeftUnsaved(user));
      return null;
    } catch (error) {
      if (sessionRefused(error)) {
        clearSession();
        queryClient.clear();
        throw redirect(loginReturningTo(request));
      }
      throw error;
    }
  };

/**
 * For sign-in pages: a signed-in user goes straight on (to `next`, e.g. a course) or to their board.
 * The sign-in form shows when the session is refused (it is then forgotten) or cannot be checked: a
 * server that is unreachable or restarting says nothing about the session, which is kept for later.
 */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (!getToken()) return null;
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    return redirect(safeNext(new URL(request.url).search) ?? homeFor(user.role));
  } catch (error) {
    if (sessionRefused(error)) clearSession();
    return null;
  }
}
