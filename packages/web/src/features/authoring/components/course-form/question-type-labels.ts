import { useLingui } from '@lingui/react/macro';
import type { QuestionType, TRUE_FALSE } from '@app/shared';

/** The question types in the order of the modal's select, labelled in the author's language. */
export function useQuestionTypeLabels(): [QuestionType, string][] {
  const { t } = useLingui();
  return [
    ['single', t`Single choice`],
    ['multiple', t`Multiple answers`],
    ['truefalse', t`True / false`],
    ['short', t`Short answer`],
  ];
}

/** The key of a true/false question, labelled in the author's language (the quiz has its own pair). */
export function useTrueFalseLabels(): Record<(typeof TRUE_FALSE)[number], string> {
  const { t } = useLingui();
  return { true: t`True`, false: t`False` };
}
