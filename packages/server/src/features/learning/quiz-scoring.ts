import { matchesAcceptedAnswer, type QuizAnswer, type QuizQuestion } from '@app/shared';

type Answer = QuizAnswer['answer'];

const asList = (answer: Answer) => (Array.isArray(answer) ? answer : [answer]);

/**
 * The share of one question's mark (0..1) an answer earns (decision 035). Unanswered, or an answer of
 * the wrong shape (a list for a single choice…), earns 0.
 * - single choice, true/false: 1 when the answer is exactly the key;
 * - short answer: 1 when it matches an accepted answer of either language after `normaliseAnswer`;
 * - multiple answers, `all`: 1 when the chosen options are exactly the correct ones;
 * - multiple answers, `partial`: (correct options chosen − other options chosen) ÷ correct options,
 *   floored at 0 — so choosing every option earns nothing, and a wrong tick cancels a right one.
 */
export function scoreQuestion(question: QuizQuestion, answer: Answer | undefined): number {
  if (answer === undefined) return 0;
  switch (question.type) {
    case undefined:
    case 'single':
    case 'truefalse':
      return typeof answer === 'string' && answer === question.correctanswer ? 1 : 0;
    case 'short':
      return typeof answer === 'string' &&
        matchesAcceptedAnswer(answer, [...question.accepted, ...question.accepted_tr])
        ? 1
        : 0;
    case 'multiple': {
      const chosen = new Set(asList(answer));
      const key = new Set(question.correctanswers);
      const right = [...chosen].filter((name) => key.has(name)).length;
      const wrong = chosen.size - right;
      if (question.scoring === 'all') return right === key.size && wrong === 0 ? 1 : 0;
      return Math.max(0, (right - wrong) / key.size);
    }
  }
}
