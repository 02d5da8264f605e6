import type { Language } from '@app/shared';

/**
 * Content fields have an English value and an optional Arabic one (`_tr`). In Arabic we show the
 * Arabic value, falling back to English — and say so with `lang="en"` so screen readers and fonts
 * treat it right.
 */
export interface LocalizedText {
  text: string;
  lang: Language;
}

export function pickLocalized(language: Language, english: string, arabic?: string | null): LocalizedText {
  if (language === 'ar' && arabic && arabic.trim()) return { text: arabic, lang: 'ar' };
  return { text: english, lang: 'en' };
}
