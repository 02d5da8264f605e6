import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
