import { act, render, renderHook } from '@testing-library/react';
import toast, { useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/toast.ts';
import { ToastLimit } from './toast-limit.tsx';

describe('ToastLimit', () => {
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  /** Shows five toasts; gives the messages of those on screen (not dismissed), newest first. */
  const showFive = () => {
    render(<ToastLimit />);
    const store = renderHook(() => useToasterStore());
    for (const n of [1, 2, 3, 4, 5]) act(() => void notify.error(`Problem ${n}`));
    return () => store.result.current.toasts.filter((item) => item.visible).map((item) => item.message);
  };

  it('keeps the three newest toasts in a window of ordinary height', async () => {
    const onScreen = showFive();
    await vi.waitFor(() => expect(onScreen()).toEqual(['Problem 5', 'Problem 4', 'Problem 3']));
  });

  it('keeps only the newest in a short window', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-height: 30rem)',
      media: query,
    }));
    const onScreen = showFive();
    await vi.waitFor(() => expect(onScreen()).toEqual(['Problem 5']));
  });
});
