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
 * User text (a title, a description) lines up with the page, whatever its own script: an English
 * title in the Arabic interface starts at the right like the Arabic around it. Usually its box keeps
 * the page's direction and the text is isolated inline (`<bdi>`). A one-line box that truncates its
 * text (`truncate`) must take the text's own direction instead (`dir="auto"`), or it would show the
 * end of an English title in Arabic and cut off its start; this class then aligns the box to the
 * page's start (its left in English, its right in Arabic), which `text-start` would take from the
 * text.
 */
export const pageStartAlign = (language: Language) => (language === 'ar' ? 'text-right' : 'text-left');
