/**
 * Local storage keys (description §3 "Local browser storage"). Kept apart from session.ts, which
 * needs the API client, so the start-up code can ask "is anyone signed in?" without loading it.
 */
export const STORAGE = {
  token: 'auth_token',
  userId: 'user_id',
  logoutAt: 'logout_at',
  /** A language chosen while signed in where the account could not be told (the landing page). */
  languageUnsaved: 'language_unsaved',
} as const;

export const getToken = () => localStorage.getItem(STORAGE.token);
export const getUserId = () => localStorage.getItem(STORAGE.userId);

export function storeSession(token: string, userId: string) {
  localStorage.setItem(STORAGE.token, token);
  localStorage.setItem(STORAGE.userId, userId);
}

export function clearSession() {
  localStorage.removeItem(STORAGE.token);
  localStorage.removeItem(STORAGE.userId);
  localStorage.removeItem(STORAGE.languageUnsaved); // the next person's account is not told
}
