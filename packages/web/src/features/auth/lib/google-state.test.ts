import { afterEach, describe, expect, it } from 'vitest';
import { GOOGLE_STATE_KEY, googleAuthorizationUrl, takeGoogleState } from './google-state.ts';

const google = {
  enabled: true,
  clientId: 'client-1',
  authorizationEndpoint: 'https://accounts.example.test/o/auth',
  redirectUri: 'http://localhost:3000/auth/google/callback',
};

afterEach(() => sessionStorage.clear());

describe('Google sign-in state', () => {
  it('builds the code-flow URL and accepts its own state back once', () => {
    const url = new URL(googleAuthorizationUrl(google, 'Contributor', '/course/1')!);
    expect(url.origin + url.pathname).toBe(google.authorizationEndpoint);
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(google.redirectUri);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state');
    expect(state).toMatch(/^Contributor\.[0-9a-f]{32}$/);
    expect(takeGoogleState(state)).toEqual({ role: 'Contributor', next: '/course/1' });
    // Single use: a replayed callback is refused.
    expect(takeGoogleState(state)).toBeNull();
  });

  it('refuses a foreign, tampered or missing state', () => {
    const state = new URL(googleAuthorizationUrl(google, 'EndUser', null)!).searchParams.get('state')!;
    const nonce = state.split('.')[1];
    expect(takeGoogleState(`SuperAdmin.${nonce}`)).toBeNull();
    googleAuthorizationUrl(google, 'EndUser', null);
    expect(takeGoogleState('EndUser.0000')).toBeNull();
    expect(takeGoogleState(null)).toBeNull();
    expect(sessionStorage.getItem(GOOGLE_STATE_KEY)).toBeNull();
  });

  it('offers nothing when Google sign-in is not configured', () => {
    expect(googleAuthorizationUrl({ ...google, enabled: false }, 'EndUser', null)).toBeNull();
  });
});
