import { SIGNUP_ROLES, type AuthConfig, type SignupRole } from '@app/shared';

/**
 * Google sign-in is an authorization-code redirect. Before leaving, the browser keeps a random nonce
 * (and where to go afterwards) in sessionStorage; the `state` sent to Google carries the chosen role
 * and that nonce. On the way back the state must match the stored nonce, so a code planted by
 * someone else (login CSRF) is refused.
 */
export const GOOGLE_STATE_KEY = 'google_oauth_state';

interface StoredState {
  nonce: string;
  role: SignupRole;
  next: string | null;
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isSignupRole = (value: unknown): value is SignupRole =>
  (SIGNUP_ROLES as readonly unknown[]).includes(value);

/** The URL of Google's consent screen for this app, with a fresh state; remembers the nonce. */
export function googleAuthorizationUrl(
  google: AuthConfig['google'],
  role: SignupRole,
  next: string | null,
): string | null {
  if (!google.enabled || !google.authorizationEndpoint || !google.clientId) return null;
  const nonce = randomNonce();
  sessionStorage.setItem(GOOGLE_STATE_KEY, JSON.stringify({ nonce, role, next } satisfies StoredState));
  const url = new URL(google.authorizationEndpoint);
  url.searchParams.set('client_id', google.clientId);
  url.searchParams.set('redirect_uri', google.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', `${role}.${nonce}`);
  return url.toString();
}

/**
 * Reads (once) what was stored before the redirect and checks it against the returned `state`.
 * Returns the role and the page to return to, or null when the state is missing or foreign.
 */
export function takeGoogleState(state: string | null): { role: SignupRole; next: string | null } | null {
  const raw = sessionStorage.getItem(GOOGLE_STATE_KEY);
  sessionStorage.removeItem(GOOGLE_STATE_KEY);
  if (!raw || !state) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredState>;
    const [role, nonce] = state.split('.');
    if (!isSignupRole(role) || role !== stored.role || !nonce || nonce !== stored.nonce) return null;
    const next = typeof stored.next === 'string' ? stored.next : null;
    return { role, next };
  } catch {
    return null;
  }
}
