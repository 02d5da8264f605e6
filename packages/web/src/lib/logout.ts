import { queryClient } from './query-client.ts';
import { apiFetch } from './api-client.ts';
import { clearSession, getToken, STORAGE } from './session.ts';
import { paths } from './paths.ts';
import { localStore, sessionStore } from './browser-storage.ts';

/**
 * Description §4: revoke the session on the server, clear token and user id (and this tab's session
 * storage), store the logout time, go to /login. Local sign-out happens even if the server cannot be reached.
 */
export async function logout(navigate: (to: string) => unknown): Promise<void> {
  // Signed out here first, the token then sent as a plain bearer: a session that had already ended
  // on the server (401) is not "your session expired" to someone who chose to leave.
  const token = getToken();
  clearSession();
  try {
    await apiFetch('/auth/logout', { method: 'POST', bearer: token });
  } catch {
    // Signed out here either way; a server-side session left behind expires on its own.
  }
  // What this tab kept for the account goes too (a quiz in progress, decision 093): the next person
  // at a shared computer finds nothing of it, not even in the browser's storage.
  sessionStore.clear();
  localStore.setItem(STORAGE.logoutAt, String(Date.now()));
  queryClient.clear();
  await navigate(paths.login);
}
