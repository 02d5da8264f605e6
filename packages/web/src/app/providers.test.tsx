import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import * as Tabs from '@radix-ui/react-tabs';
import { Providers } from './providers.tsx';

afterEach(cleanup);

/** A Radix widget that renders its own `dir` (tabs take theirs from the direction provider). */
const widget = (
  <Tabs.Root defaultValue="one" data-testid="tabs">
    <Tabs.List aria-label="Tabs">
      <Tabs.Trigger value="one">One</Tabs.Trigger>
    </Tabs.List>
    <Tabs.Content value="one">Body</Tabs.Content>
  </Tabs.Root>
);

describe('Providers', () => {
  it('gives Radix widgets the active language’s direction, and follows a language switch', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: {} });
    render(<Providers>{widget}</Providers>);
    expect(screen.getByTestId('tabs')).toHaveAttribute('dir', 'rtl');
    act(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
    expect(screen.getByTestId('tabs')).toHaveAttribute('dir', 'ltr');
  });
});
