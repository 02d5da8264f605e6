import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { useDirection } from '@radix-ui/react-direction';
import { Providers } from './providers.tsx';

afterEach(cleanup);

/** Renders the direction Radix widgets (dialogs, the admin row menu) read from the provider. */
function RadixDirection() {
  return <div data-testid="radix-direction" dir={useDirection(undefined)} />;
}
const widget = <RadixDirection />;

describe('Providers', () => {
  it('gives Radix widgets the active language’s direction, and follows a language switch', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    render(<Providers>{widget}</Providers>);
    expect(screen.getByTestId('radix-direction')).toHaveAttribute('dir', 'rtl');
    act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    expect(screen.getByTestId('radix-direction')).toHaveAttribute('dir', 'ltr');
  });
});
