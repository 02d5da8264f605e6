import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
import { notify } from '../lib/toast.ts';
import { Toasts } from './toasts.tsx';

afterEach(() => {
  cleanup();
  act(() => toast.remove());
});

describe('Toasts', () => {
  it('closes a toast on its button, named in the reader’s language, and leaves the others', async () => {
    await activateLanguage('ar');
    render(
      <I18nProvider i18n={i18n}>
        <Toasts />
      </I18nProvider>,
    );
    act(() => void notify.error('تعذّر رفع الملف'));
    act(() => void notify.success('تم الحفظ'));
    const failed = (await screen.findByText('تعذّر رفع الملف')).parentElement!;
    fireEvent.click(within(failed).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByText('تعذّر رفع الملف')).toBeNull());
    expect(screen.getByText('تم الحفظ')).toBeInTheDocument();
  });
});
