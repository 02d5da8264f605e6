import { LIMITS, type LearnerQuizQuestion } from '@app/shared';
import { choiceValues, isAnswered, type Answer } from './quiz-inputs.tsx';
import { sessionStore } from '../../../../lib/browser-storage.ts';

/**
 * A quiz the learner has begun and not yet submitted: their answers and the question they are on,
 * kept in this tab's `sessionStorage` so that looking at another lesson, a reload, the phone's
 * browser discarding the tab in the background or signing in again loses none of it (decision 093).
 * One per account and quiz: another account in the same tab is never offered it; closing the tab,
 * submitting and ReTake forget it.
 */
export interface QuizInProgress {
  /** The question shown, from 0. */
  index: number;
  /** By question id. */
  answers: Record<string, Answer>;
}

const keyOf = (userId: string, quizId: string) => `quiz-in-progress:${userId}:${quizId}`;

/** The kept quiz, fitted to the quiz as it is now (`fitQuizInProgress`); null if nothing of it fits. */
export function readQuizInProgress(
  userId: string,
  quizId: string,
  questions: readonly LearnerQuizQuestion[],
): QuizInProgress | null {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStore.getItem(keyOf(userId, quizId)) ?? 'null');
  } catch {
    return null; // storage blocked, or not ours to read
  }
  return fitQuizInProgress(stored, questions);
}

/**
 * What of a quiz in progress still fits the quiz as it is now (an author may have edited it since):
 * only its questions, only choices it still offers, in the shape its type takes; the learner is back
 * on their question, or on the first one left unanswered before it, as Next would have stopped there.
 * Null when no answer fits. For a kept quiz read back, and for the one on screen when the author's
 * edit comes in while the learner takes it (the course fetched again after a refused attempt).
 */
export function fitQuizInProgress(
  progress: unknown,
  questions: readonly LearnerQuizQuestion[],
): QuizInProgress | null {
  const stored: Partial<QuizInProgress> = progress && typeof progress === 'object' ? progress : {};
  const kept = stored.answers && typeof stored.answers === 'object' ? stored.answers : {};
  const answers: Record<string, Answer> = {};
  for (const question of questions) {
    const answer = fitting(question, (kept as Record<string, unknown>)[question._id]);
    if (answer !== undefined) answers[question._id] = answer;
  }
  if (Object.keys(answers).length === 0) return null;
  const wanted = Number.isInteger(stored.index) ? (stored.index as number) : 0;
  const firstOpen = questions.findIndex((question) => !isAnswered(answers[question._id]));
  const last = questions.length - 1;
  return { index: Math.max(0, Math.min(wanted, last, firstOpen === -1 ? last : firstOpen)), answers };
}

/** The answer as the question takes it now, or undefined if it no longer fits. */
function fitting(question: LearnerQuizQuestion, answer: unknown): Answer | undefined {
  if (question.type === 'short')
    return typeof answer === 'string' && answer.length <= LIMITS.optionMax ? answer : undefined;
  const offered = choiceValues(question);
  if (question.type === 'multiple') {
    if (!Array.isArray(answer)) return undefined;
    const ticked = offered.filter((value) => answer.includes(value));
    return ticked.length > 0 ? ticked : undefined;
  }
  return typeof answer === 'string' && offered.includes(answer) ? answer : undefined;
}

/** Keeps the quiz's state; with nothing answered there is nothing to keep, and any earlier is dropped. */
export function keepQuizInProgress(userId: string, quizId: string, progress: QuizInProgress): void {
  try {
    if (Object.values(progress.answers).some(isAnswered))
      sessionStore.setItem(keyOf(userId, quizId), JSON.stringify(progress));
    else sessionStore.removeItem(keyOf(userId, quizId));
  } catch {
    // Storage full (a blocked one is kept in memory, lib/browser-storage.ts): the quiz works as before, only the safety net is missing.
  }
}

/** After a submitted attempt: the next visit starts at question 1. */
export function forgetQuizInProgress(userId: string, quizId: string): void {
  try {
    sessionStore.removeItem(keyOf(userId, quizId));
  } catch {
    // As above.
  }
}
