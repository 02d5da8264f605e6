import { t } from '@lingui/core/macro';
import { notify } from '../lib/toast.ts';
import { clearSession, loginUrlReturningHere } from '../lib/session.ts';
import { setAuthFailureHandler } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { paths } from '../lib/paths.ts';
import { router } from './router.tsx';

const SIGN_IN_PAGES: ReadonlySet<string> = new Set([paths.login, paths.adminLogin]);

/**
 * Pages a dead session does not leave: the sign-in pages, and a verification link's result, which
 * asks who is signed in only to name them (decision 181) — its news, and its own way to sign in, stay.
 */
const staysOnDeadSession = (path: string) =>
  SIGN_IN_PAGES.has(path) || path.startsWith(paths.verifyEmail(''));

/**
 * Description §4: a 401/403 from a signed-in call shows the error, removes the token and goes to
 * /login — which brings the user back here after signing in again. Several failing requests at once
 * produce one toast.
 */
export function installSessionExpiry() {
  let handling = false;
  setAuthFailureHandler((error) => {
    if (handling) return;
    handling = true;
    notify.error(error.message);
    clearSession();
    // A failure handed over late (see setAuthFailureHandler) may find the route guard's redirect to
    // sign in already done: sending the sign-in page back to itself would lose where to return.
    if (staysOnDeadSession(window.location.pathname)) {
      forgetShown(true);
      handling = false;
      return;
    }
    forgetShown(false);
    void router.navigate(loginUrlReturningHere(), { replace: true }).finally(() => {
      handling = false;
    });
  });
  // Signing out in another tab signs out here too: said, and with the way back to this page after
  // signing in again (it went to a bare /login without a word; a form's draft is kept on the device).
  window.addEventListener('storage', (event) => {
    if (event.key !== 'auth_token' || event.newValue !== null) return;
    const stays = staysOnDeadSession(window.location.pathname);
    forgetShown(stays);
    if (stays) return;
    notify.error(t`You signed out in another tab.`);
    void router.navigate(loginUrlReturningHere(), { replace: true });
  });
}

/**
 * Drops what the ended session was shown. A page that stays keeps its own queries, which settle by
 * themselves (a clear would cancel those in flight without a word, and the page would wait for them for
 * good; asking them again would send a verification link, single use, a second time): only what no
 * screen shows goes.
 */
function forgetShown(pageStays: boolean) {
  if (pageStays) queryClient.removeQueries({ type: 'inactive' });
  else queryClient.clear();
}
