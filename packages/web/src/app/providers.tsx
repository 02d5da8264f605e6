import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';

/**
 * What every screen needs, the prerendered public pages included (so keep it light: the data layer
 * lives in routes/data-layout.tsx, loaded with the first screen that talks to the API).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
