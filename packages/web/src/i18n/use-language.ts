import { useLingui } from '@lingui/react';
import type { Language } from '@app/shared';

/** The active language; components re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return i18n.locale === 'ar' ? 'ar' : 'en';
}
