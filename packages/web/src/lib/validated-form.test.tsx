import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
});
