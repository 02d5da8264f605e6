import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../../i18n/i18n.ts';
import { Pager } from './pager.tsx';

afterEach(cleanup);

function ThreePages() {
  const [page, setPage] = useState(2);
  return <Pager page={page} pageCount={3} onPage={setPage} label="Pages of courses" />;
}

describe('Pager', () => {
  it('hands the focus to the other button when the one pressed reaches its end, and says the page', async () => {
    await activateLanguage('en');
    render(
      <I18nProvider i18n={i18n}>
        <ThreePages />
      </I18nProvider>,
    );
    const [previous, next] = [
      screen.getByRole('button', { name: 'Previous' }),
      screen.getByRole('button', { name: 'Next' }),
    ];
    next.focus();
    fireEvent.click(next);
    expect(next).toBeDisabled();
    expect(previous).toHaveFocus();
    expect(screen.getByText('Page 3 of 3')).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(previous);
    expect(previous).toHaveFocus(); // page 2: still enabled, the focus stays
    fireEvent.click(previous);
    expect(previous).toBeDisabled();
    expect(next).toHaveFocus();
  });
});
