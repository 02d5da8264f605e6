import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { VerifyEmailStatus } from './verify-email-status.tsx';
import { renderAuth, stubApi } from './auth-test-helpers.tsx';

describe('VerifyEmailStatus', () => {
  it('spinner, then success with a Login button', async () => {
    const calls = stubApi({
      'GET /auth/verifyemail/tok-1': { body: { success: true, message: 'Email verified.' } },
    });
    await renderAuth(<VerifyEmailStatus token="tok-1" />, { route: '/verifyemail/tok-1' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Email Verification Successful!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(1);
  });

  it('sends the Login button back to the course the account was created for', async () => {
    localStorage.setItem('next_after_verify', '/course/c-1');
    stubApi({ 'GET /auth/verifyemail/tok-2': { body: { success: true, message: 'Email verified.' } } });
    await renderAuth(<VerifyEmailStatus token="tok-2" />, { route: '/verifyemail/tok-2' });
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcourse%2Fc-1',
    );
    localStorage.removeItem('next_after_verify');
  });

  it('failure: the reason, a link to Signup and a way to resend', async () => {
    stubApi({
      'GET /auth/verifyemail/used': {
        status: 400,
        body: { success: false, code: 'VERIFICATION_INVALID', message: 'This verification link is invalid.' },
      },
    });
    await renderAuth(<VerifyEmailStatus token="used" />, { route: '/verifyemail/used', language: 'en' });
    expect(await screen.findByText('This verification link is invalid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeInTheDocument();
  });
});
