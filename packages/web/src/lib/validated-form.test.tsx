import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { emailBodySchema, type EmailBody } from '@app/shared';
import { activateLanguage } from '../i18n/i18n.ts';
import { useTranslatedResolver, useValidatedForm } from './validation-messages.ts';

function EmailForm() {
  const form = useValidatedForm<EmailBody>(useTranslatedResolver(emailBodySchema), { email: '' });
  const error = form.formState.errors.email?.message;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(() => {})(event)}>
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register('email')} />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(cleanup);

describe('useValidatedForm', () => {
  it('validates on submit, then on change, and re-words shown errors after a language switch', async () => {
    await activateLanguage('en');
    render(
      <I18nProvider i18n={i18n}>
        <EmailForm />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('Email');
    fireEvent.change(input, { target: { value: 'nope' } });
    expect(screen.queryByRole('alert')).toBeNull(); // nothing before the first submit

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address.');

    await act(() => activateLanguage('ar'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('أدخل'));

    fireEvent.change(input, { target: { value: 'lina@example.test' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await act(() => activateLanguage('en'));
  });

  it("keeps the server's verdict on a field through a language switch (the rules cannot re-check it)", async () => {
    await activateLanguage('en');
    // Its "server" refuses every address once the rules pass.
    function ServerCheckedForm() {
      const form = useValidatedForm<EmailBody>(useTranslatedResolver(emailBodySchema), { email: '' });
      const refuse = () => form.setError('email', { type: 'server', message: 'This address is taken.' });
      const error = form.formState.errors.email?.message;
      return (
        <form noValidate onSubmit={(event) => void form.handleSubmit(refuse)(event)}>
          <label htmlFor="email">Email</label>
          <input id="email" {...form.register('email')} />
          {error ? <p role="alert">{error}</p> : null}
          <button type="submit">Send</button>
        </form>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <ServerCheckedForm />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'lina@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address is taken.');

    await act(() => activateLanguage('ar'));
    // The rules ran again (they find nothing wrong) and the verdict is still there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('alert')).toHaveTextContent('This address is taken.');
    await act(() => activateLanguage('en'));
  });
});
