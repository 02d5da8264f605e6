import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
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

describe('notify with an id', () => {
  // The toaster and toasts of the tests before are still there.
  beforeEach(() => {
    cleanup();
    toast.remove();
  });

  it('replaces the toast of the same id, whatever it said, and dismisses it by that id', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('file size too large', { id: 'course-cover' });
      notify.error('Choose a JPG or PNG image', { id: 'course-cover' });
      notify.error(' Missing incomplete fields');
    });
    await screen.findByText('Missing incomplete fields', { exact: false });
    expect(await screen.findByText('Choose a JPG or PNG image')).toBeInTheDocument();
    expect(screen.queryByText('file size too large')).toBeNull();

    act(() => notify.dismiss('course-cover'));
    await waitFor(() => expect(screen.queryByText('Choose a JPG or PNG image')).toBeNull(), {
      timeout: 3000,
    });
    expect(screen.getByText('Missing incomplete fields', { exact: false })).toBeInTheDocument();
  });
});
