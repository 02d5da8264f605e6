import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ApiError } from '../../lib/api-client.ts';
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

  it('says the read is made again by itself when the server was away, and only then (decision 160)', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    const hint = 'We will try again by ourselves as soon as the server answers.';
    const failures: [unknown, boolean][] = [
      [new ApiError(0, 'NETWORK', 'We could not reach the server.'), true],
      [new ApiError(503, 'DATABASE_UNAVAILABLE', 'Briefly unavailable.'), true],
      [new ApiError(502, 'INTERNAL', 'Request failed'), true],
      [new ApiError(500, 'INTERNAL', 'Request failed'), false],
      [new ApiError(404, 'NOT_FOUND', 'Not found.'), false],
      [new Error('a bug'), false],
    ];
    for (const [error, said] of failures) {
      render(
        <I18nProvider i18n={i18n}>
          <ErrorPanel message="Failed." error={error} onRetry={() => {}} />
        </I18nProvider>,
      );
      if (said) expect(screen.getByRole('alert'), String(error)).toHaveTextContent(hint);
      else expect(screen.getByRole('alert'), String(error)).not.toHaveTextContent(hint);
      cleanup();
    }
  });

  it('hands the focus to the page heading when a retry that worked takes the panel away', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    function Page() {
      const [failed, setFailed] = useState(true);
      return (
        <main>
          <h1>Available Courses</h1>
          {failed ? <ErrorPanel message="Failed." onRetry={() => setFailed(false)} /> : <p>Courses</p>}
        </main>
      );
    }
    render(
      <I18nProvider i18n={i18n}>
        <Page />
      </I18nProvider>,
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    await act(async () => {
      fireEvent.click(retry);
      await Promise.resolve();
    });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const heading = screen.getByRole('heading', { level: 1, name: 'Available Courses' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
