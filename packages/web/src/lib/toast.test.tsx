import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { notify } from './toast.ts';

describe('notify', () => {
  it('shows a repeated message once instead of stacking copies, and different messages side by side', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('file size too large');
      notify.error('file size too large');
      notify.error(' Missing incomplete fields');
    });
    // Wait for the last toast, so every earlier one has rendered before counting.
    await screen.findByText('Missing incomplete fields', { exact: false });
    expect(screen.getAllByText('file size too large')).toHaveLength(1);
    expect(screen.getAllByText('Missing incomplete fields', { exact: false })).toHaveLength(1);
  });
});
