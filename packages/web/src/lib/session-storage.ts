import { localStore } from './browser-storage.ts';

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

export const getToken = () => localStore.getItem(STORAGE.token);
export const getUserId = () => localStore.getItem(STORAGE.userId);

export function storeSession(token: string, userId: string) {
  localStore.setItem(STORAGE.token, token);
  localStore.setItem(STORAGE.userId, userId);
}

export function clearSession() {
  localStore.removeItem(STORAGE.token);
  localStore.removeItem(STORAGE.userId);
  localStore.removeItem(STORAGE.languageUnsaved); // the next person's account is not told
}
