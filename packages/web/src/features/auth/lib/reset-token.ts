import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../../lib/browser-storage.ts';

/**
 * The forgot-password answer's token names one reset request. It is kept apart from the session
 * (sessionStorage, this tab only) and is never used as a sign-in token.
 */
const TOKEN_KEY = 'reset_token';
const EMAIL_KEY = 'reset_email';

export function storeResetRequest(token: string, email: string) {
  sessionStore.setItem(TOKEN_KEY, token);
  sessionStore.setItem(EMAIL_KEY, email);
}

export const resetToken = () => sessionStore.getItem(TOKEN_KEY);
export const resetEmail = () => sessionStore.getItem(EMAIL_KEY);

export function clearResetRequest() {
  sessionStore.removeItem(TOKEN_KEY);
  sessionStore.removeItem(EMAIL_KEY);
}

const unchanging = () => () => {};

/**
 * The pending reset request, for rendering. The prerendered /resetpassword has none (the server
 * cannot see this tab's storage), so hydration starts from that and then shows the stored one.
 */
export function useResetRequest() {
  const token = useSyncExternalStore(unchanging, resetToken, () => null);
  const email = useSyncExternalStore(unchanging, resetEmail, () => null);
  return { token, email };
}
