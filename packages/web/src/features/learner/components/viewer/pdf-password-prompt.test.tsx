import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../../test/render-app.tsx';
import { PasswordPrompt } from './pdf-password-prompt.tsx';

describe('PasswordPrompt', () => {
  it('asks for the password and hands it to pdf.js', () => {
    const submit = vi.fn();
    const done = vi.fn();
    renderApp(<PasswordPrompt request={{ submit, wrong: false }} onDone={done} />);
    const field = screen.getByLabelText('Enter the password to open this PDF file.');
    expect(screen.queryByText('Invalid password. Please try again.')).not.toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(submit).toHaveBeenCalledWith('secret');
    expect(done).toHaveBeenCalled();
  });

  it('after a wrong password says so and marks the field invalid', () => {
    renderApp(<PasswordPrompt request={{ submit: vi.fn(), wrong: true }} onDone={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid password. Please try again.');
    expect(screen.getByLabelText('Enter the password to open this PDF file.')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
