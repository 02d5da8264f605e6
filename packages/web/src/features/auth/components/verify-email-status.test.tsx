import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { VerifyEmailStatus } from './verify-email-status.tsx';
import { aUser, renderAuth, stubApi } from './auth-test-helpers.tsx';
import { storeSession } from '../../../lib/session.ts';

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
    // Marked with the language it was asked in, so that it is read so after a switch of language.
    expect(screen.getByText('Email verified.')).toHaveAttribute('lang', 'en');
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

  describe('the course the link carries (decision 200)', () => {
    const verified = { body: { success: true, message: 'Email verified.' } };
    const loginHref = async () => (await screen.findByRole('link', { name: 'Login' })).getAttribute('href');

    it("follows the link's ?next= on a device that kept nothing (the mail opened on a phone)", async () => {
      stubApi({ 'GET /auth/verifyemail/tok-6': verified });
      await renderAuth(<VerifyEmailStatus token="tok-6" />, {
        route: '/verifyemail/tok-6?lang=en&next=%2Fcourse%2Fc-9',
      });
      expect(await loginHref()).toBe('/login?next=%2Fcourse%2Fc-9');
    });

    it("prefers the link's course to the one this device kept", async () => {
      localStorage.setItem('next_after_verify', '/course/c-1');
      stubApi({ 'GET /auth/verifyemail/tok-7': verified });
      await renderAuth(<VerifyEmailStatus token="tok-7" />, {
        route: '/verifyemail/tok-7?next=%2Fcourses%2Fc-9',
      });
      expect(await loginHref()).toBe('/login?next=%2Fcourses%2Fc-9');
      localStorage.removeItem('next_after_verify');
    });

    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '/dashboard'])
      it(`ignores ?next=${next}: the stored course, else none`, async () => {
        stubApi({ 'GET /auth/verifyemail/tok-8': verified, 'GET /auth/verifyemail/tok-9': verified });
        const route = (token: string) => `/verifyemail/${token}?next=${encodeURIComponent(next)}`;
        const first = await renderAuth(<VerifyEmailStatus token="tok-8" />, { route: route('tok-8') });
        expect(await loginHref()).toBe('/login');
        first.unmount();
        localStorage.setItem('next_after_verify', '/course/c-1');
        await renderAuth(<VerifyEmailStatus token="tok-9" />, { route: route('tok-9') });
        expect(await loginHref()).toBe('/login?next=%2Fcourse%2Fc-1');
        localStorage.removeItem('next_after_verify');
      });

    it('keeps it on a link opened again, and through "Sign out and log in"', async () => {
      stubApi({
        'GET /auth/verifyemail/again-2': {
          status: 400,
          body: { success: false, code: 'EMAIL_ALREADY_VERIFIED', message: 'Verified already.' },
        },
      });
      const again = await renderAuth(<VerifyEmailStatus token="again-2" />, {
        route: '/verifyemail/again-2?next=%2Fcourse%2Fc-9',
      });
      expect(await loginHref()).toBe('/login?next=%2Fcourse%2Fc-9');
      again.unmount();

      stubApi({
        'GET /auth/verifyemail/tok-10': verified,
        'GET /auth/user': (() => {
          storeSession('tok-session', aUser()._id);
          return { body: { success: true, data: { user: aUser() } } };
        })(),
        'POST /auth/logout': { body: { success: true, message: 'Logged out.' } },
      });
      await renderAuth(<VerifyEmailStatus token="tok-10" />, {
        route: '/verifyemail/tok-10?next=%2Fcourse%2Fc-9',
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Sign out and log in' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fcourse%2Fc-9');
    });
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

  describe('opened while someone is signed in in this browser', () => {
    const verified = { body: { success: true, message: 'Email verified.' } };
    const signedInAs = (user: ReturnType<typeof aUser>) => {
      storeSession('tok-session', user._id);
      return { body: { success: true, data: { user } } };
    };

    it('names the session and offers to continue as it instead of a Login button into its board', async () => {
      stubApi({ 'GET /auth/verifyemail/tok-4': verified, 'GET /auth/user': signedInAs(aUser()) });
      await renderAuth(<VerifyEmailStatus token="tok-4" />, { route: '/verifyemail/tok-4' });
      expect(
        await screen.findByRole('heading', { name: 'Email Verification Successful!' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
        'You are signed in as learner@example.test.',
      );
      expect(screen.getByRole('link', { name: 'Continue as learner@example.test' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(screen.getByRole('button', { name: 'Sign out and log in' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    });

    it('"Sign out and log in" signs out as the header does, then opens Log In (keeping its next)', async () => {
      localStorage.setItem('next_after_verify', '/course/c-1');
      const calls = stubApi({
        'GET /auth/verifyemail/tok-5': verified,
        'GET /auth/user': signedInAs(aUser()),
        'POST /auth/logout': { body: { success: true, message: 'Logged out.' } },
      });
      await renderAuth(<VerifyEmailStatus token="tok-5" />, { route: '/verifyemail/tok-5' });
      fireEvent.click(await screen.findByRole('button', { name: 'Sign out and log in' }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fcourse%2Fc-1');
      expect(localStorage.getItem('auth_token')).toBeNull();
      const logout = calls.find((call) => call.key === 'POST /auth/logout');
      expect(logout?.headers.get('authorization')).toBe('Bearer tok-session');
    });

    it('a link opened again: a contributor continues to their own board; in Arabic too', async () => {
      stubApi({
        'GET /auth/verifyemail/again': {
          status: 400,
          body: { success: false, code: 'EMAIL_ALREADY_VERIFIED', message: 'Already verified.' },
        },
        'GET /auth/user': signedInAs(aUser('Contributor')),
      });
      await renderAuth(<VerifyEmailStatus token="again" />, { route: '/verifyemail/again', language: 'ar' });
      expect(await screen.findByText(/أنت مسجّل الدخول بحساب/)).toHaveTextContent(
        'أنت مسجّل الدخول بحساب learner@example.test.',
      );
      expect(screen.getByRole('link', { name: 'المتابعة بحساب learner@example.test' })).toHaveAttribute(
        'href',
        '/contributor/dashboard',
      );
      expect(screen.getByRole('button', { name: 'تسجيل الخروج ثم الدخول' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'تسجيل الدخول' })).toBeNull();
    });

    it('a session that cannot be read keeps the Login button', async () => {
      storeSession('tok-session', aUser()._id);
      stubApi({
        'GET /auth/verifyemail/tok-6': verified,
        'GET /auth/user': {
          status: 500,
          body: { success: false, code: 'INTERNAL', message: 'Something went wrong.' },
        },
      });
      await renderAuth(<VerifyEmailStatus token="tok-6" />, { route: '/verifyemail/tok-6' });
      expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(screen.queryByRole('button', { name: 'Sign out and log in' })).toBeNull();
    });
  });
});
