import { createContext } from 'react';
import type { QuizQuestionDraft } from '@app/shared';
import { sessionStore } from '../../../../lib/browser-storage.ts';

/**
 * Where the course form keeps the question being written in its modal, so a reload does not lose it
 * (the course's own draft holds only the questions already added): the form's draft key and author,
 * or null where nothing is kept (a read-only form). Session storage: the tab that was reloaded gets it
 * back; a closed tab, or another, does not, nor does the next person on a shared browser.
 */
export const QuestionDraftScope = createContext<string | null>(null);

/**
 * The key of the draft of a quiz's new question (`index` null) or of the one at `index`: by the saved
 * ids where there are, so a quiz or question moved or removed between the reload and reopening keeps
 * its own draft and lends it to no other; by position where there are none (not saved yet).
 */
export const questionDraftKey = (
  scope: string,
  quiz: { id?: string; section: number; resource: number },
  question: { id?: string; index: number | null },
) =>
  `${scope}:question:${quiz.id ?? `${quiz.section}.${quiz.resource}`}:${
    question.index === null ? 'new' : (question.id ?? question.index)
  }`;

export function readQuestionDraft(key: string | undefined): QuizQuestionDraft | null {
  if (!key) return null;
  try {
    const kept = JSON.parse(sessionStore.getItem(key) ?? 'null') as Partial<QuizQuestionDraft> | null;
    return kept &&
      typeof kept === 'object' &&
      typeof kept.question === 'string' &&
      typeof kept.type === 'string'
      ? (kept as QuizQuestionDraft)
      : null;
  } catch {
    return null;
  }
}

export function keepQuestionDraft(key: string, values: QuizQuestionDraft): void {
  try {
    sessionStore.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full (a blocked one is kept in memory, lib/browser-storage.ts): the modal works on, only the safety net is missing.
  }
}

export function forgetQuestionDraft(key: string | undefined): void {
  if (key) sessionStore.removeItem(key);
}

/**
 * Forgets every question draft of a course form's draft (`key`, use-course-autosave.ts): once the
 * course is saved or its draft discarded, a question kept from it would reopen on the wrong course.
 */
export function forgetQuestionDrafts(key: string): void {
  for (const stored of sessionStore.keys()) if (stored.startsWith(`${key}:`)) sessionStore.removeItem(stored);
}

/** How long an excerpt of a question's text is at most (characters, before the ellipsis). */
const EXCERPT_LENGTH = 60;

/**
 * A short excerpt of a question's text, for the list of a quiz's questions and the confirmation of a
 * deletion: in the reader's language where the question has it (the Arabic text is optional), else in
 * the other; cut at a word, with an ellipsis. Null while the question has no text yet.
 */
export function questionExcerpt(
  question: Pick<QuizQuestionDraft, 'question' | 'question_tr'>,
  language: string,
): { text: string; lang: 'en' | 'ar' } | null {
  const english = (question.question ?? '').replace(/\s+/g, ' ').trim();
  const arabic = (question.question_tr ?? '').replace(/\s+/g, ' ').trim();
  const [text, lang] =
    language === 'ar' && arabic
      ? ([arabic, 'ar'] as const)
      : english
        ? ([english, 'en'] as const)
        : ([arabic, 'ar'] as const);
  if (!text) return null;
  // Counted in code points, so that a character of two UTF-16 units (an emoji) is never cut in half.
  const points = Array.from(text);
  if (points.length <= EXCERPT_LENGTH) return { text, lang };
  const cut = points.slice(0, EXCERPT_LENGTH).join('');
  const space = cut.lastIndexOf(' ');
  return { text: `${(space > EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`, lang };
}
