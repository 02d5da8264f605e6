import { SIGNUP_ROLES, type OidcProvider, type OidcProviderConfig, type SignupRole } from '@app/shared';
import { sessionStore } from '../../../lib/browser-storage.ts';

/**
 * OpenID sign-in (Google, ORCID) is an authorization-code redirect. Before leaving, the browser keeps a
 * random nonce (and where to go afterwards) in sessionStorage; the `state` sent to the provider
 * carries the chosen role and that nonce. On the way back the state must match the stored nonce, so a
 * code planted by someone else (login CSRF) is refused. One slot per provider.
 */
export const oidcStateKey = (provider: OidcProvider) => `${provider}_oauth_state`;

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

/** The URL of the provider's sign-in screen for this app, with a fresh state; remembers the nonce. */
export function oidcAuthorizationUrl(
  provider: OidcProvider,
  config: OidcProviderConfig,
  role: SignupRole,
  next: string | null,
): string | null {
  if (!config.enabled || !config.authorizationEndpoint || !config.clientId) return null;
  const nonce = randomNonce();
  sessionStore.setItem(oidcStateKey(provider), JSON.stringify({ nonce, role, next } satisfies StoredState));
  const url = new URL(config.authorizationEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', `${role}.${nonce}`);
  return url.toString();
}

/**
 * Reads (once) what was stored before the redirect and checks it against the returned `state`.
 * Returns the role and the page to return to, or null when the state is missing or foreign.
 */
export function takeOidcState(
  provider: OidcProvider,
  state: string | null,
): { role: SignupRole; next: string | null } | null {
  const raw = sessionStore.getItem(oidcStateKey(provider));
  sessionStore.removeItem(oidcStateKey(provider));
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
