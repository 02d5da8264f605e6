import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { GoogleCallback } from './google-callback.tsx';
import { googleAuthorizationUrl } from '../lib/google-state.ts';
import { aUser, renderAuth, stubApi } from './auth-test-helpers.tsx';

const google = {
  enabled: true,
  clientId: 'client-1',
  authorizationEndpoint: 'https://accounts.example.test/o/auth',
  redirectUri: 'http://localhost/auth/google/callback',
};

const stateFor = (role: 'EndUser' | 'Contributor', next: string | null = null) =>
  new URL(googleAuthorizationUrl(google, role, next)!).searchParams.get('state')!;

describe('GoogleCallback', () => {
  it('sends the code as the bearer with the role chosen before leaving, then signs in', async () => {
    const state = stateFor('Contributor');
    const calls = stubApi({
      'POST /auth/googlesignin': {
        body: { success: true, data: { access_token: 'google-session', user: aUser('Contributor') } },
      },
    });
    await renderAuth(<GoogleCallback />, {
      route: `/auth/google/callback?code=auth-code-1&state=${encodeURIComponent(state)}`,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/contributor/dashboard');
    const call = calls.find((c) => c.path === '/auth/googlesignin');
    expect(call?.headers.get('authorization')).toBe('Bearer auth-code-1');
    expect(call?.body).toEqual({ role: 'Contributor' });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBe('google-session');
  });

  it('refuses a state it did not issue: nothing is sent, a 3 s toast, back to /login', async () => {
    stateFor('EndUser');
    const calls = stubApi({});
    await renderAuth(<GoogleCallback />, {
      route: '/auth/google/callback?code=planted&state=EndUser.forged',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(await screen.findByText('Request failed, try again')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the exchange fails", async () => {
    const state = stateFor('EndUser');
    stubApi({
      'POST /auth/googlesignin': {
        status: 403,
        body: {
          success: false,
          code: 'GOOGLE_EMAIL_UNVERIFIED',
          message: 'Your Google e-mail is not verified.',
        },
      },
    });
    await renderAuth(<GoogleCallback />, {
      route: `/auth/google/callback?code=c&state=${encodeURIComponent(state)}`,
    });
    expect(await screen.findByText('Your Google e-mail is not verified.')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
