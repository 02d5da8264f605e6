import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { queryClient } from './query-client.ts';
import { TOAST_MS } from '../lib/toast.ts';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster
          position="top-center"
          toastOptions={{
            duration: TOAST_MS.default,
            success: { duration: TOAST_MS.short, style: { background: '#1f7a4d', color: '#fff' } },
            error: { style: { background: '#b42318', color: '#fff' } },
          }}
        />
      </QueryClientProvider>
    </I18nProvider>
  );
}
