import { afterEach, describe, expect, it } from 'vitest';
import { oidcAuthorizationUrl, oidcStateKey, takeOidcState } from './oidc-state.ts';

const google = {
  enabled: true,
  clientId: 'client-1',
  authorizationEndpoint: 'https://accounts.example.test/o/auth',
  redirectUri: 'http://localhost:3000/auth/google/callback',
  scope: 'openid email profile',
};
const orcid = {
  enabled: true,
  clientId: 'orcid-client',
  authorizationEndpoint: 'https://orcid.example.test/oauth/authorize',
  redirectUri: 'http://localhost:3000/auth/orcid/callback',
  scope: 'openid',
};

afterEach(() => sessionStorage.clear());

describe('OpenID sign-in state', () => {
  it('builds the code-flow URL and accepts its own state back once', () => {
    const url = new URL(oidcAuthorizationUrl('google', google, 'Contributor', '/course/1')!);
    expect(url.origin + url.pathname).toBe(google.authorizationEndpoint);
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(google.redirectUri);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^Contributor\.[0-9a-f]{32}$/);
    expect(takeOidcState('google', state)).toEqual({ role: 'Contributor', next: '/course/1' });
    // Single use: a replayed callback is refused.
    expect(takeOidcState('google', state)).toBeNull();
  });

  it('refuses a foreign, tampered or missing state', () => {
    const state = new URL(oidcAuthorizationUrl('google', google, 'EndUser', null)!).searchParams.get(
      'state',
    )!;
    const nonce = state.split('.')[1];
    expect(takeOidcState('google', `SuperAdmin.${nonce}`)).toBeNull();
    oidcAuthorizationUrl('google', google, 'EndUser', null);
    expect(takeOidcState('google', 'EndUser.0000')).toBeNull();
    expect(takeOidcState('google', null)).toBeNull();
    expect(sessionStorage.getItem(oidcStateKey('google'))).toBeNull();
  });

  it("keeps each provider's state apart, with the provider's own scope", () => {
    const orcidUrl = new URL(oidcAuthorizationUrl('orcid', orcid, 'EndUser', null)!);
    expect(orcidUrl.searchParams.get('scope')).toBe('openid');
    expect(orcidUrl.searchParams.get('redirect_uri')).toBe(orcid.redirectUri);
    const state = orcidUrl.searchParams.get('state');
    // An ORCID state is no good on the Google callback (and is not consumed by it).
    expect(takeOidcState('google', state)).toBeNull();
    expect(takeOidcState('orcid', state)).toEqual({ role: 'EndUser', next: null });
  });

  it('offers nothing when Google sign-in is not configured', () => {
    expect(oidcAuthorizationUrl('google', { ...google, enabled: false }, 'EndUser', null)).toBeNull();
  });
});
