import { useLingui } from '@lingui/react/macro';
import type { TRUE_FALSE } from '@app/shared';

/**
 * The two choices of a true/false question in the reader's language (decision 035): the question
 * stores 'true' or 'false', never a label, so each reader sees "True"/"False" or "صح"/"خطأ". The
 * question modal has its own pair (features do not import each other, and in `lib` the two words
 * would sit in the catalogue every page loads).
 */
export function useTrueFalseLabels(): Record<(typeof TRUE_FALSE)[number], string> {
  const { t } = useLingui();
  return { true: t`True`, false: t`False` };
}
