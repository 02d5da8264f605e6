import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { queryClient } from './query-client.ts';
import { TOAST_MS } from '../lib/toast.ts';
import { directionOf } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';

/**
 * Radix primitives (tabs, menus, dialogs) take their direction from this provider, not from the
 * document: without it they render `dir="ltr"` inside an Arabic page.
 */
function LanguageDirection({ children }: { children: ReactNode }) {
  return <DirectionProvider dir={directionOf(useLanguage())}>{children}</DirectionProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LanguageDirection>
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
      </LanguageDirection>
    </I18nProvider>
  );
}
