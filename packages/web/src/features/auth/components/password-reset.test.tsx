import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { renderAuth, stubApi } from './auth-test-helpers.tsx';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('forgot and reset password', () => {
  it('keeps the reset token apart from the session, then goes to /resetpassword', async () => {
    const calls = stubApi({
      'POST /auth/forgotpassword': {
        body: { success: true, data: { message: 'We sent a reset code.', access_token: 'reset-jwt' } },
      },
    });
    await renderAuth(<ForgotPasswordForm />, { route: '/forgotpassword' });
    expect(screen.getByText('Enter the email associated with your account.')).toBeInTheDocument();
    type('Email', 'lina@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/resetpassword');
    expect(await screen.findByText('We sent a reset code.')).toBeInTheDocument();
    expect(sessionStorage.getItem('reset_token')).toBe('reset-jwt');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'lina@example.test' });
  });

  it('starts with the address typed on Log In, carried in the router state (not the address bar)', async () => {
    stubApi({});
    await renderAuth(<ForgotPasswordForm />, {
      route: '/forgotpassword',
      state: { email: 'lina@example.test' },
    });
    expect(screen.getByLabelText('Email')).toHaveValue('lina@example.test');
  });

  for (const language of ['en', 'ar'] as const)
    it(`starts in the field on arrival: Forgot Password's address, then Reset Password's code (${language})`, async () => {
      stubApi({
        'POST /auth/forgotpassword': {
          body: { success: true, data: { message: 'We sent a reset code.', access_token: 'reset-jwt' } },
        },
      });
      // Opened from Log In's "Forgot Password?", with the address typed there.
      const view = await renderAuth(<ForgotPasswordForm />, {
        route: '/forgotpassword',
        language,
        state: { email: 'lina@example.test' },
      });
      const email = screen.getByRole('textbox');
      await waitFor(() => expect(email).toHaveFocus());
      expect(email).toHaveValue('lina@example.test');
      fireEvent.submit(email.closest('form')!);
      expect(await screen.findByTestId('location')).toHaveTextContent('/resetpassword');
      view.unmount();

      // The page the success opens (or a reload of it), with the request kept in the tab.
      await renderAuth(<ResetPasswordForm />, { route: '/resetpassword', language });
      await waitFor(() => expect(screen.getByRole('textbox')).toHaveFocus());
      expect(screen.getByRole('textbox')).toHaveAttribute('autocomplete', 'one-time-code');
    });

  it('without a reset request, Reset Password focuses nothing (there is no form to start in)', async () => {
    stubApi({});
    await renderAuth(<ResetPasswordForm />, { route: '/resetpassword' });
    expect(screen.getByRole('link', { name: 'Request a new code' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('asks for one code however fast the button is pressed again (the rules load on the first press)', async () => {
    const calls = stubApi({
      'POST /auth/forgotpassword': {
        body: { success: true, data: { message: 'We sent a reset code.', access_token: 'reset-jwt' } },
      },
    });
    await renderAuth(<ForgotPasswordForm />, { route: '/forgotpassword' });
    type('Email', 'lina@example.test');
    const send = screen.getByRole('button', { name: 'Send Reset Code' });
    send.focus();
    fireEvent.click(send);
    // Busy from the first press, before the request leaves: a second press sends nothing. Busy, not
    // disabled: it keeps the keyboard focus.
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveFocus();
    fireEvent.click(send);
    expect(await screen.findByTestId('location')).toHaveTextContent('/resetpassword');
    expect(calls.filter((call) => call.path === '/auth/forgotpassword')).toHaveLength(1);
  });

  it('sends the code with the reset token as bearer, then goes to /login', async () => {
    sessionStorage.setItem('reset_token', 'reset-jwt');
    sessionStorage.setItem('reset_email', 'lina@example.test');
    localStorage.setItem('auth_token', 'some-session');
    const calls = stubApi({
      'PATCH /auth/resetpassword': { body: { success: true, data: { message: 'Password reset.' } } },
    });
    const view = await renderAuth(<ResetPasswordForm />, { route: '/resetpassword' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    type('Reset Code', '123456');
    type('New password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    const call = calls.find((c) => c.path === '/auth/resetpassword');
    expect(call?.headers.get('authorization')).toBe('Bearer reset-jwt');
    expect(call?.body).toEqual({ password_reset_code: '123456', new_password: 'brand-new-password' });
    expect(sessionStorage.getItem('reset_token')).toBeNull();
    // Log In opens with the address the code went to.
    expect(view.router.state.location.state).toEqual({ email: 'lina@example.test' });
  });

  it('shows a wrong code at the field, and a dead request with a way to ask again', async () => {
    sessionStorage.setItem('reset_token', 'reset-jwt');
    stubApi({
      'PATCH /auth/resetpassword': {
        status: 400,
        body: { success: false, code: 'RESET_CODE_INVALID', message: 'The reset code is incorrect.' },
      },
    });
    await renderAuth(<ResetPasswordForm />, { route: '/resetpassword' });
    type('Reset Code', '000000');
    type('New password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The reset code is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Reset Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reset Code')).toHaveFocus();
  });

  it('too many wrong codes for the address: says so, with the way to ask again (decision 178)', async () => {
    sessionStorage.setItem('reset_token', 'reset-jwt');
    const message =
      'Too many wrong codes were entered for this address. Wait up to 15 minutes, then request a new code.';
    stubApi({
      'PATCH /auth/resetpassword': { status: 429, body: { success: false, code: 'RESET_LOCKED', message } },
    });
    await renderAuth(<ResetPasswordForm />, { route: '/resetpassword' });
    type('Reset Code', '123456');
    type('New password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reset Code')).toBeNull();
    // The form and its button are gone: the page's heading takes the focus, not the document's start.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Request a new code' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(sessionStorage.getItem('reset_token')).toBeNull();
  });

  it('carries where the sign-in was going (?next=) through the reset, back to Log In', async () => {
    stubApi({
      'POST /auth/forgotpassword': {
        body: { success: true, data: { message: 'We sent a reset code.', access_token: 'reset-jwt' } },
      },
      'PATCH /auth/resetpassword': { body: { success: true, data: { message: 'Password reset.' } } },
    });
    const view = await renderAuth(<ForgotPasswordForm />, { route: '/forgotpassword?next=%2Fcourse%2F42' });
    expect(screen.getByRole('link', { name: /Log In/ })).toHaveAttribute(
      'href',
      '/login?next=%2Fcourse%2F42',
    );
    type('Email', 'lina@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/resetpassword?next=%2Fcourse%2F42');
    view.unmount();

    await renderAuth(<ResetPasswordForm />, { route: '/resetpassword?next=%2Fcourse%2F42' });
    type('Reset Code', '123456');
    type('New password', 'brand-new-password');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fcourse%2F42');
  });

  it('without a reset request, points to /forgotpassword', async () => {
    stubApi({});
    await renderAuth(<ResetPasswordForm />, { route: '/resetpassword' });
    expect(screen.getByRole('link', { name: 'Request a new code' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });
});
