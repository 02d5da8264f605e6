import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { clampPercent, ProgressBar } from './progress-bar.tsx';

const renderBar = (value: number | undefined, size: 'overall' | 'quiz' = 'overall') => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <ProgressBar value={value} label="Your Progress" size={size} />
    </I18nProvider>,
  );
};

afterEach(cleanup);

describe('ProgressBar', () => {
  it('shows the score as a rounded percent with its value for assistive technology', () => {
    renderBar(66.666);
    const bar = screen.getByRole('progressbar', { name: 'Your Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('67%')).toBeInTheDocument();
  });

  it('clamps to 0..100 and treats a missing score as 0', () => {
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(undefined)).toBe(0);
    expect(clampPercent(Number.NaN)).toBe(0);
    renderBar(250);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('uses the sizes of the description: 150×35 overall, 80×25 per quiz', () => {
    const { unmount } = renderBar(10);
    expect(screen.getByRole('progressbar')).toHaveStyle({ width: '150px', height: '35px' });
    unmount();
    renderBar(10, 'quiz');
    expect(screen.getByRole('progressbar')).toHaveStyle({ width: '80px', height: '25px' });
  });
});
