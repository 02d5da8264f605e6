import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../../lib/browser-storage.ts';

/**
 * The forgot-password answer's token names one reset request. It is kept apart from the session
 * (sessionStorage, this tab only) and is never used as a sign-in token.
 */
export const RESET_TOKEN_ITEM = 'reset_token';
const EMAIL_KEY = 'reset_email';

export function storeResetRequest(token: string, email: string) {
  sessionStore.setItem(RESET_TOKEN_ITEM, token);
  sessionStore.setItem(EMAIL_KEY, email);
}

export const resetToken = () => sessionStore.getItem(RESET_TOKEN_ITEM);
export const resetEmail = () => sessionStore.getItem(EMAIL_KEY);

export function clearResetRequest() {
  sessionStore.removeItem(RESET_TOKEN_ITEM);
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
