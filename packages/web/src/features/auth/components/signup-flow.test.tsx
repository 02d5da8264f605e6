import { describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SignupFlow } from './signup-flow.tsx';
import { aUser, googleDisabled, renderAuth, stubApi } from './auth-test-helpers.tsx';
import { SHOWN_WITHOUT_STORED } from '../../../app/prerendered-page.ts';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const created = {
  status: 201,
  body: { success: true, message: 'Account created.', data: { user: aUser() } },
};

const labels = {
  en: {
    asUser: 'As User',
    asContributor: 'As Contributor',
    first: 'First Name',
    last: 'Last Name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm Password',
    submit: 'Sign Up',
  },
  ar: {
    asUser: 'بصفة مستخدم',
    asContributor: 'بصفة مساهم',
    first: 'الاسم الأول',
    last: 'اسم العائلة',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    confirm: 'تأكيد كلمة المرور',
    submit: 'إنشاء حساب',
  },
} as const;

async function fillAndSubmit(l: (typeof labels)['en' | 'ar'], confirm = 'long-enough-1') {
  type(l.first, 'Lina');
  type(l.last, 'Saleh');
  type(l.email, 'lina@example.test');
  type(l.password, 'long-enough-1');
  type(l.confirm, confirm);
  fireEvent.click(screen.getByRole('button', { name: l.submit }));
}

describe('SignupFlow', () => {
  it('keeps ?next= (a course) through sign-up: the log-in links return there, and verification remembers it', async () => {
    const l = labels.en;
    stubApi({ ...googleDisabled, 'POST /auth/signup': created });
    await renderAuth(<SignupFlow />, { route: '/signup?next=%2Fcourse%2Fc-1', language: 'en' });
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcourse%2Fc-1',
    );
    // Plain links, so a click before the prerendered page hydrates still reaches the form.
    expect(screen.getByRole('link', { name: new RegExp(l.asUser) })).toHaveAttribute(
      'href',
      '/signup?next=%2Fcourse%2Fc-1&role=EndUser',
    );
    fireEvent.click(screen.getByRole('link', { name: new RegExp(l.asUser) }));
    await fillAndSubmit(l);
    expect(await screen.findByText('lina@example.test')).toBeInTheDocument();
    // The form and its focused button are gone: the new screen's heading takes the focus (an effect,
    // run once the screen is drawn).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcourse%2Fc-1',
    );
    expect(localStorage.getItem('next_after_verify')).toBe('/course/c-1');
  });

  it('sends a course ?next= with the account, for the verification link to carry (decision 200)', async () => {
    const calls = stubApi({ ...googleDisabled, 'POST /auth/signup': created });
    await renderAuth(<SignupFlow />, { route: '/signup?next=%2Fcourse%2Fc-1&role=EndUser', language: 'en' });
    await fillAndSubmit(labels.en);
    expect(await screen.findByText('lina@example.test')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/signup')?.body).toMatchObject({ next: '/course/c-1' });
  });

  it('sends the course with a link asked for again, too', async () => {
    const calls = stubApi({
      ...googleDisabled,
      'POST /auth/signup': created,
      'POST /auth/resend-verification': { body: { success: true, message: 'Sent again' } },
    });
    await renderAuth(<SignupFlow />, { route: '/signup?next=%2Fcourse%2Fc-1&role=EndUser', language: 'en' });
    await fillAndSubmit(labels.en);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/resend-verification')?.body).toEqual({
        email: 'lina@example.test',
        next: '/course/c-1',
      }),
    );
  });

  it('sends no ?next= but a course: another page is kept on this device only', async () => {
    const calls = stubApi({ ...googleDisabled, 'POST /auth/signup': created });
    await renderAuth(<SignupFlow />, { route: '/signup?next=%2Fdashboard&role=EndUser', language: 'en' });
    await fillAndSubmit(labels.en);
    expect(await screen.findByText('lina@example.test')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/signup')?.body).not.toHaveProperty('next');
    expect(localStorage.getItem('next_after_verify')).toBe('/dashboard');
  });

  it('ignores a ?next= that leaves the site', async () => {
    stubApi({ ...googleDisabled });
    await renderAuth(<SignupFlow />, { route: '/signup?next=%2F%5Cevil.example', language: 'en' });
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  for (const language of ['en', 'ar'] as const) {
    for (const [choice, role] of [
      ['asUser', 'EndUser'],
      ['asContributor', 'Contributor'],
    ] as const) {
      it(`sends role ${role} when "${labels[language][choice]}" is chosen (${language})`, async () => {
        const l = labels[language];
        const calls = stubApi({ ...googleDisabled, 'POST /auth/signup': created });
        await renderAuth(<SignupFlow />, { route: '/signup', language });
        fireEvent.click(screen.getByRole('link', { name: new RegExp(l[choice]) }));
        await fillAndSubmit(l);
        expect(await screen.findByText('lina@example.test')).toBeInTheDocument();
        const body = calls.find((call) => call.path === '/auth/signup')?.body;
        expect(body).toMatchObject({
          firstname: 'Lina',
          lastname: 'Saleh',
          email: 'lina@example.test',
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
          role,
          preferred_language: language,
        });
      });
    }
  }

  it('shows "Sign Up As {role}" and the back button returns to the choice, keeping what was typed', async () => {
    stubApi(googleDisabled);
    await renderAuth(<SignupFlow />, { route: '/signup' });
    fireEvent.click(screen.getByRole('link', { name: /As Contributor/ }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Up As Contributor');
    type('First Name', 'Lina');
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByRole('link', { name: /As User/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /As User/ }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign Up As User');
    expect(screen.getByLabelText('First Name')).toHaveValue('Lina');
  });

  for (const language of ['en', 'ar'] as const)
    it(`starts each step where the reader goes on: step two's first field, and after Back the role chosen (${language})`, async () => {
      const l = labels[language];
      stubApi(googleDisabled);
      await renderAuth(<SignupFlow />, { route: '/signup', language });
      // A first visit: nothing chosen yet, the focus stays at the document's start.
      expect(document.body).toHaveFocus();
      fireEvent.click(screen.getByRole('link', { name: new RegExp(l.asContributor) }));
      await waitFor(() => expect(screen.getByLabelText(l.first)).toHaveFocus());
      // "Back" goes with the step it was on: the option the reader left the choice from takes the
      // focus, not the document's start.
      fireEvent.click(screen.getByRole('link', { name: language === 'en' ? 'Back' : 'رجوع' }));
      await waitFor(() =>
        expect(screen.getByRole('link', { name: new RegExp(l.asContributor) })).toHaveFocus(),
      );
    });

  it('refuses mismatched passwords: toast and the confirm field marked, nothing sent', async () => {
    const calls = stubApi(googleDisabled);
    await renderAuth(<SignupFlow />, { route: '/signup' });
    fireEvent.click(screen.getByRole('link', { name: /As User/ }));
    await fillAndSubmit(labels.en, 'something-else');
    expect(await screen.findAllByText('password does not match')).not.toHaveLength(0);
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/auth/signup')).toBe(false);
  });

  it('requires every field and a long enough password, messages shown under the fields', async () => {
    stubApi(googleDisabled);
    await renderAuth(<SignupFlow />, { route: '/signup' });
    fireEvent.click(screen.getByRole('link', { name: /As User/ }));
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    type('Password', 'long-enough-1');
    await waitFor(() => expect(screen.queryByText('Must be at least 8 characters.')).toBeNull());
  });

  it('keeps what was typed and shows the reason when the server refuses without naming a field', async () => {
    // Signup never says whether an address has an account (decision 016); a refusal like this one is
    // about the request (too many tries), so it is a message of its own, not one under a field.
    stubApi({
      ...googleDisabled,
      'POST /auth/signup': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: 'Too many attempts. Try again later.' },
      },
    });
    await renderAuth(<SignupFlow />, { route: '/signup' });
    fireEvent.click(screen.getByRole('link', { name: /As User/ }));
    await fillAndSubmit(labels.en);
    expect(await screen.findByText('Too many attempts. Try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('lina@example.test');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid', 'true');
  });
  for (const language of ['en', 'ar'] as const)
    it(`keeps the "sent" screen for the tab across a reload; its Back returns to the form and forgets it (${language})`, async () => {
      const l = labels[language];
      stubApi({ ...googleDisabled, 'POST /auth/signup': created });
      const route = '/signup?role=EndUser';
      const before = await renderAuth(<SignupFlow />, { route, language });
      await fillAndSubmit(l);
      await screen.findByText('lina@example.test');
      const heading = screen.getByRole('heading', { level: 1 }).textContent;
      before.unmount();
      // A reload: on a phone the tab is often dropped while the reader is in the mail app.
      const reloaded = await renderAuth(<SignupFlow />, { route, language });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading ?? '');
      expect(screen.getByText('lina@example.test')).toBeInTheDocument();
      expect(screen.queryByLabelText(l.first)).toBeNull();
      // Its Back: to send the link to another address. The form again, and a reload keeps the form.
      fireEvent.click(screen.getByRole('link', { name: language === 'en' ? 'Back' : 'رجوع' }));
      expect(screen.getByLabelText(l.first)).toBeInTheDocument();
      reloaded.unmount();
      await renderAuth(<SignupFlow />, { route, language });
      expect(screen.getByLabelText(l.first)).toBeInTheDocument();
    });

  it('marks the prerendered role choice as shown only to a tab without a sign-up sent (decision 176)', async () => {
    stubApi(googleDisabled);
    await renderAuth(<SignupFlow />, { route: '/signup' });
    expect(screen.getByRole('group')).toHaveAttribute(SHOWN_WITHOUT_STORED, 'signup_sent');
  });

  it('takes the mismatch toast away once the passwords match and the form is sent', async () => {
    stubApi({ ...googleDisabled, 'POST /auth/signup': created });
    const dismiss = vi.spyOn(toast, 'dismiss');
    await renderAuth(<SignupFlow />, { route: '/signup?role=EndUser' });
    await fillAndSubmit(labels.en, 'something-else');
    expect(await screen.findAllByText('password does not match')).not.toHaveLength(0);
    expect(dismiss).not.toHaveBeenCalledWith('password does not match');
    type(labels.en.confirm, 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: labels.en.submit }));
    await screen.findByText('lina@example.test');
    expect(dismiss).toHaveBeenCalledWith('password does not match');
    dismiss.mockRestore();
  });

  it('lets the names follow the script typed (dir="auto")', async () => {
    stubApi(googleDisabled);
    await renderAuth(<SignupFlow />, { route: '/signup?role=EndUser', language: 'ar' });
    expect(screen.getByLabelText(labels.ar.first)).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText(labels.ar.last)).toHaveAttribute('dir', 'auto');
  });
});
