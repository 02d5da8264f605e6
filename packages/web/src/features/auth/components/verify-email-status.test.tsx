import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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
    // A used link past its expiry is gone (decision 175): its account may be verified and sign in.
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('a link opened again whose account is verified: the good news and the Login button (decision 175)', async () => {
    localStorage.setItem('next_after_verify', '/course/c-1');
    const message = 'This link was used already: your e-mail address is verified. You can log in.';
    stubApi({
      'GET /auth/verifyemail/again': {
        status: 400,
        body: { success: false, code: 'EMAIL_ALREADY_VERIFIED', message },
      },
    });
    await renderAuth(<VerifyEmailStatus token="again" />, { route: '/verifyemail/again', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Email already verified' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcourse%2Fc-1',
    );
    expect(screen.queryByRole('heading', { name: 'Email verification failed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    localStorage.removeItem('next_after_verify');
  });

  it('a server that cannot answer says nothing about the link: Try again sends it again', async () => {
    let answers = 0;
    const calls = stubApi({
      'GET /auth/verifyemail/tok-3': () =>
        ++answers === 1
          ? {
              status: 503,
              body: { success: false, code: 'DATABASE_UNAVAILABLE', message: 'The service is busy.' },
            }
          : { body: { success: true, message: 'Email verified.' } },
    });
    await renderAuth(<VerifyEmailStatus token="tok-3" />, { route: '/verifyemail/tok-3' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy.');
    expect(screen.queryByRole('heading', { name: 'Email verification failed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Email Verification Successful!' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
