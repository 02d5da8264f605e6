import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { DirectionProvider } from '@radix-ui/react-direction';
import { directionOf } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';

/**
 * Radix primitives (dialogs, the admin row menu) take their direction from this provider, not from the
 * document: without it they render `dir="ltr"` inside an Arabic page.
 */
function LanguageDirection({ children }: { children: ReactNode }) {
  return <DirectionProvider dir={directionOf(useLanguage())}>{children}</DirectionProvider>;
}

/**
 * What every screen needs, the prerendered public pages included (so keep it light: the data layer
 * lives in routes/data-layout.tsx, loaded with the first screen that talks to the API).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LanguageDirection>{children}</LanguageDirection>
    </I18nProvider>
  );
}
