import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OidcCallback } from './oidc-callback.tsx';
import { oidcAuthorizationUrl } from '../lib/oidc-state.ts';
import { aUser, renderAuth, stubApi } from './auth-test-helpers.tsx';

const google = {
  enabled: true,
  clientId: 'client-1',
  authorizationEndpoint: 'https://accounts.example.test/o/auth',
  redirectUri: 'http://localhost/auth/google/callback',
  scope: 'openid email profile',
};

const stateFor = (role: 'EndUser' | 'Contributor', next: string | null = null) =>
  new URL(oidcAuthorizationUrl('google', google, role, next)!).searchParams.get('state')!;

describe('OidcCallback', () => {
  it('sends the code as the bearer with the role chosen before leaving, then signs in', async () => {
    const state = stateFor('Contributor');
    const calls = stubApi({
      'POST /auth/oidc/google': {
        body: { success: true, data: { access_token: 'google-session', user: aUser('Contributor') } },
      },
    });
    await renderAuth(<OidcCallback provider="google" />, {
      route: `/auth/google/callback?code=auth-code-1&state=${encodeURIComponent(state)}`,
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/contributor/dashboard');
    const call = calls.find((c) => c.path === '/auth/oidc/google');
    expect(call?.headers.get('authorization')).toBe('Bearer auth-code-1');
    expect(call?.body).toEqual({ role: 'Contributor' });
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBe('google-session');
  });

  it('refuses a state it did not issue: nothing is sent, a 3 s toast, back to /login', async () => {
    stateFor('EndUser');
    const calls = stubApi({});
    await renderAuth(<OidcCallback provider="google" />, {
      route: '/auth/google/callback?code=planted&state=EndUser.forged',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(await screen.findByText('Request failed, try again')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when the exchange fails", async () => {
    const state = stateFor('EndUser');
    stubApi({
      'POST /auth/oidc/google': {
        status: 403,
        body: {
          success: false,
          code: 'GOOGLE_EMAIL_UNVERIFIED',
          message: 'Your Google e-mail is not verified.',
        },
      },
    });
    await renderAuth(<OidcCallback provider="google" />, {
      route: `/auth/google/callback?code=c&state=${encodeURIComponent(state)}`,
    });
    expect(await screen.findByText('Your Google e-mail is not verified.')).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('ORCID without an e-mail: asks for one, posts it with the ticket, then says to check the inbox', async () => {
    const orcid = { ...google, redirectUri: 'http://localhost/auth/orcid/callback', scope: 'openid' };
    const state = new URL(oidcAuthorizationUrl('orcid', orcid, 'Contributor', null)!).searchParams.get(
      'state',
    )!;
    const calls = stubApi({
      'POST /auth/oidc/orcid': {
        body: { success: true, data: { email_required: true, ticket: 'ticket-1' } },
      },
      'POST /auth/oidc/email': {
        status: 201,
        body: { success: true, message: 'We sent a verification link to nadia@example.test.' },
      },
    });
    await renderAuth(<OidcCallback provider="orcid" />, {
      route: `/auth/orcid/callback?code=orcid-code&state=${encodeURIComponent(state)}`,
    });
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'nadia@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the confirmation link' }));
    expect(await screen.findByTestId('oidc-email-sent')).toHaveTextContent(
      'We sent a verification link to nadia@example.test.',
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toHaveFocus(),
    );
    expect(calls.find((c) => c.path === '/auth/oidc/orcid')?.body).toEqual({ role: 'Contributor' });
    expect(calls.find((c) => c.path === '/auth/oidc/email')?.body).toEqual({
      ticket: 'ticket-1',
      email: 'nadia@example.test',
    });
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
