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

/**
 * The direction of text in `lang`, for the element that isolates it: Arabic is right to left
 * whatever its first word ("FAIR: مبادئ…" under `dir="auto"` was laid out left to right, its colon on
 * the wrong side); text in English may be an author's Arabic typed in the English field, so its own
 * first letter decides (decision 177).
 */
export const dirOf = (lang: Language): 'rtl' | 'auto' => (lang === 'ar' ? 'rtl' : 'auto');
