import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '../../../i18n/i18n.ts';
import { LoginForm } from './login-form.tsx';
import { aUser, googleDisabled, renderAuth, stubApi } from './auth-test-helpers.tsx';

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const loginOk = (role: 'EndUser' | 'Contributor' | 'SuperAdmin') => ({
  body: { success: true, data: { access_token: 'token-123', user: aUser(role) } },
});

/** The server's providers with Google on and ORCID off. */
const googleOnly = {
  'GET /auth/config': {
    body: {
      success: true,
      data: {
        google: {
          enabled: true,
          clientId: 'client-1',
          authorizationEndpoint: 'https://accounts.example.test/auth',
          redirectUri: 'http://localhost/auth/google/callback',
          scope: 'openid email profile',
        },
        orcid: {
          enabled: false,
          clientId: null,
          authorizationEndpoint: null,
          redirectUri: 'http://localhost/auth/orcid/callback',
          scope: 'openid',
        },
      },
    },
  },
};

/** The form sent with a wrong password; the server refuses it. */
async function signInRefused() {
  stubApi({
    ...googleDisabled,
    'POST /auth/login': {
      status: 401,
      body: { success: false, code: 'INVALID_CREDENTIALS', message: 'Incorrect e-mail or password.' },
    },
  });
  await renderAuth(<LoginForm />, { route: '/login' });
  type('Email', 'learner@example.test');
  type('Password', 'wrong-password');
  fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('LoginForm', () => {
  it('validates on submit, then re-validates as the user types', async () => {
    const calls = stubApi(googleDisabled);
    await renderAuth(<LoginForm />, { route: '/login' });
    expect(screen.queryByText('This field is required.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    type('Email', 'not-an-email');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    type('Email', 'learner@example.test');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address.')).toBeNull());
    expect(calls.filter((call) => call.path === '/auth/login')).toHaveLength(0);
  });

  it('shows the messages in Arabic when Arabic is active', async () => {
    stubApi(googleDisabled);
    await renderAuth(<LoginForm />, { route: '/login', language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب.')).toHaveLength(2);
  });

  it('stores the session and sends each role to its board', async () => {
    for (const [role, home] of [
      ['EndUser', '/dashboard'],
      ['Contributor', '/contributor/dashboard'],
    ] as const) {
      const calls = stubApi({ ...googleDisabled, 'POST /auth/login': loginOk(role) });
      const view = await renderAuth(<LoginForm />, { route: '/login' });
      type('Email', '  Learner@Example.test ');
      type('Password', 'secret-password');
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
      expect(await screen.findByTestId('location')).toHaveTextContent(home);
      const login = calls.find((call) => call.path === '/auth/login');
      // The schema's output is sent: trimmed, lower-cased e-mail; no stale bearer.
      expect(login?.body).toEqual({ email: 'learner@example.test', password: 'secret-password' });
      expect(login?.headers.get('authorization')).toBeNull();
      expect(localStorage.getItem('auth_token')).toBe('token-123');
      expect(localStorage.getItem('user_id')).toBe(aUser()._id);
      view.unmount();
      localStorage.clear();
    }
  });

  it("takes the account's language on a fresh browser, and gives the account the one chosen on this device", async () => {
    // Decision 137. A fresh browser: English by default, no choice made; the account reads Arabic.
    const arabicUser = { ...aUser('EndUser'), preferred_language: 'ar' as const };
    let calls = stubApi({
      ...googleDisabled,
      'POST /auth/login': { body: { success: true, data: { access_token: 'token-123', user: arabicUser } } },
    });
    let view = await renderAuth(<LoginForm />, { route: '/login' });
    type('Email', 'learner@example.test');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    expect(localStorage.getItem('language')).toBe('ar');
    expect(calls.filter((call) => call.path === '/auth/user')).toEqual([]);
    view.unmount();
    localStorage.clear();

    // Arabic chosen on this device, an English account: the page stays Arabic and the account follows.
    localStorage.setItem('language', 'ar');
    calls = stubApi({
      ...googleDisabled,
      'POST /auth/login': loginOk('EndUser'),
      'PATCH /auth/user': { body: { success: true, data: { user: arabicUser } } },
    });
    view = await renderAuth(<LoginForm />, { route: '/login', language: 'ar' });
    type('البريد الإلكتروني', 'learner@example.test');
    type('كلمة المرور', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/auth/user').map(({ method, body }) => [method, body]),
      ).toEqual([['PATCH', { preferred_language: 'ar' }]]),
    );
    expect(calls.find((call) => call.path === '/auth/user')?.headers.get('authorization')).toBe(
      'Bearer token-123',
    );
    expect(document.documentElement.lang).toBe('ar');
    view.unmount();
    await activateLanguage('en');
  });

  it('signs in once however fast Log In is pressed again (the rules load on the first press)', async () => {
    const calls = stubApi({ ...googleDisabled, 'POST /auth/login': loginOk('EndUser') });
    await renderAuth(<LoginForm />, { route: '/login' });
    type('Email', 'learner@example.test');
    type('Password', 'secret-password');
    const logIn = screen.getByRole('button', { name: 'Log In' });
    logIn.focus();
    fireEvent.click(logIn);
    // Busy, not disabled: it keeps the keyboard focus, and the second press does nothing.
    expect(logIn).toHaveAttribute('aria-disabled', 'true');
    expect(logIn).toHaveFocus();
    fireEvent.click(logIn);
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(calls.filter((call) => call.path === '/auth/login')).toHaveLength(1);
  });

  it('carries the typed address to Forgot Password? and starts with one carried here', async () => {
    stubApi({ ...googleDisabled });
    const view = await renderAuth(<LoginForm />, { route: '/login', state: { email: 'sara@example.test' } });
    expect(screen.getByLabelText('Email')).toHaveValue('sara@example.test');
    type('Email', ' lina@example.test ');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/forgotpassword');
    expect(view.router.state.location.state).toEqual({ email: 'lina@example.test' });
  });

  it('returns to ?next= after signing in', async () => {
    stubApi({ ...googleDisabled, 'POST /auth/login': loginOk('EndUser') });
    await renderAuth(<LoginForm />, { route: '/login?next=%2Fcourse%2F42' });
    // A forgotten password on the way does not lose it (decision 095).
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgotpassword?next=%2Fcourse%2F42',
    );
    type('Email', 'learner@example.test');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/course/42');
  });

  it('marks both inputs after wrong credentials until the user edits them', async () => {
    await signInRefused();
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('auth_token')).toBeNull();
    type('Password', 'another-try');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it("keeps the server's words in the language they came in, marked so, after the reader switches", async () => {
    await signInRefused();
    const alert = await screen.findByRole('alert');
    await act(() => activateLanguage('ar'));
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    // A screen reader reads the English sentence as English inside the Arabic page.
    expect(within(alert).getByText('Incorrect e-mail or password.')).toHaveAttribute('lang', 'en');
    await act(() => activateLanguage('en'));
  });

  it('offers to resend the verification e-mail to an unverified account', async () => {
    const calls = stubApi({
      ...googleDisabled,
      'POST /auth/login': {
        status: 403,
        body: {
          success: false,
          code: 'EMAIL_NOT_VERIFIED',
          message: 'Please verify your e-mail address first.',
        },
      },
      'POST /auth/resend-verification': { body: { success: true, message: 'We sent it again.' } },
    });
    await renderAuth(<LoginForm />, { route: '/login' });
    type('Email', 'learner@example.test');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('We sent it again.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/resend-verification')?.body).toEqual({
      email: 'learner@example.test',
    });
  });

  it('admin login: a non-admin gets "Unauthorized" and no session', async () => {
    const calls = stubApi({
      'POST /auth/login-admin': {
        status: 403,
        body: { success: false, code: 'UNAUTHORIZED_ROLE', message: 'Unauthorized' },
      },
    });
    await renderAuth(<LoginForm admin />, { route: '/admin/login' });
    expect(screen.queryByText('Sign in with Google')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign Up' })).toBeNull();
    type('Email', 'learner@example.test');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(calls.some((call) => call.path === '/auth/login-admin')).toBe(true);
  });

  it('admin login: a SuperAdmin goes to the admin board', async () => {
    stubApi({ 'POST /auth/login-admin': loginOk('SuperAdmin') });
    await renderAuth(<LoginForm admin />, { route: '/admin/login' });
    type('Email', 'admin@example.test');
    type('Password', 'secret-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it('shows Google sign-in and the OR divider only when it is configured', async () => {
    stubApi(googleOnly);
    await renderAuth(<LoginForm />, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with ORCID' })).not.toBeInTheDocument();
    expect(screen.getByText('OR')).toBeInTheDocument();
  });

  it('a provider button busy on leaving is ready again when the browser shows the page again (Back)', async () => {
    stubApi(googleOnly);
    await renderAuth(<LoginForm />, { route: '/login' });
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    fireEvent.click(google); // jsdom stays on the page: it cannot follow an address elsewhere
    // Busy (it keeps the focus: aria-disabled, not disabled, decision 125).
    await waitFor(() => expect(google).toHaveAttribute('aria-busy', 'true'));
    expect(google).toHaveAttribute('aria-disabled', 'true');
    // The page from the back/forward cache, as it was left (jsdom has no PageTransitionEvent).
    fireEvent(window, Object.assign(new Event('pageshow'), { persisted: true }));
    await waitFor(() => expect(google).not.toHaveAttribute('aria-busy'));
    expect(google).not.toHaveAttribute('aria-disabled');
    expect(google).toBeEnabled();
  });

  it('shows ORCID sign-in beside Google when both are configured, and only one OR', async () => {
    const provider = (name: string, scope: string) => ({
      enabled: true,
      clientId: `${name}-client`,
      authorizationEndpoint: `https://${name}.example.test/auth`,
      redirectUri: `http://localhost/auth/${name}/callback`,
      scope,
    });
    stubApi({
      'GET /auth/config': {
        body: {
          success: true,
          data: { google: provider('google', 'openid email profile'), orcid: provider('orcid', 'openid') },
        },
      },
    });
    await renderAuth(<LoginForm />, { route: '/login' });
    expect(await screen.findByRole('button', { name: 'Sign in with ORCID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getAllByText('OR')).toHaveLength(1);
  });
});
