/**
 * Local storage keys (description §3 "Local browser storage"). Kept apart from session.ts, which
 * needs the API client, so the start-up code can ask "is anyone signed in?" without loading it.
 */
export const STORAGE = { token: 'auth_token', userId: 'user_id', logoutAt: 'logout_at' } as const;

export const getToken = () => localStorage.getItem(STORAGE.token);
export const getUserId = () => localStorage.getItem(STORAGE.userId);

export function storeSession(token: string, userId: string) {
  localStorage.setItem(STORAGE.token, token);
  localStorage.setItem(STORAGE.userId, userId);
}

export function clearSession() {
  localStorage.removeItem(STORAGE.token);
  localStorage.removeItem(STORAGE.userId);
}
