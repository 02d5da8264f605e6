import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ErrorPanel } from './error-panel.tsx';

afterEach(cleanup);

describe('ErrorPanel', () => {
  it('says what failed and retries on "Try again"', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const retry = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <ErrorPanel message="We encountered an error while fetching course(s)." onRetry={retry} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We encountered an error while fetching course(s).');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retry).toHaveBeenCalledOnce();
  });
});
