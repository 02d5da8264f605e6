import { useLingui } from '@lingui/react/macro';
import type { QuestionType } from '@app/shared';

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
