import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';
import { PasswordField } from './password-field.tsx';

/**
 * A key event with Caps Lock on or off. happy-dom answers getModifierState only for Alt, Control, Meta
 * and Shift; a browser answers it for Caps Lock too, which React's event hands on.
 */
function key(field: HTMLElement, type: 'keydown' | 'keyup', capsLock: boolean) {
  const event = new KeyboardEvent(type, { key: 'A', bubbles: true });
  Object.defineProperty(event, 'getModifierState', {
    value: (name: string) => name === 'CapsLock' && capsLock,
  });
  fireEvent(field, event);
}

describe('PasswordField', () => {
  it('says Caps Lock is on while the field has the focus and it is on', () => {
    renderApp(<PasswordField label="Password" />);
    const field = screen.getByLabelText('Password');
    field.focus();
    key(field, 'keydown', true);
    expect(screen.getByText('Caps Lock is on.')).toBeInTheDocument();
    // Turned off, on again, then the field left.
    key(field, 'keyup', false);
    expect(screen.queryByText('Caps Lock is on.')).toBeNull();
    key(field, 'keydown', true);
    expect(screen.getByText('Caps Lock is on.')).toBeInTheDocument();
    fireEvent.blur(field);
    expect(screen.queryByText('Caps Lock is on.')).toBeNull();
  });

  it('says it in a live region there before the words, so that they are read out', () => {
    renderApp(<PasswordField label="Password" />);
    const field = screen.getByLabelText('Password');
    const region = field.closest('div')!.parentElement!.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    expect(region).toBeEmptyDOMElement();
    key(field, 'keydown', true);
    expect(region).toHaveTextContent('Caps Lock is on.');
  });
});
