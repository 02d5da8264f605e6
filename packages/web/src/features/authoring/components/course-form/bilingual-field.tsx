import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.tsx';
import { disabledLook } from './field-styles.ts';

export interface BilingualFieldProps {
  /** The field's name, e.g. "Title". */
  label: string;
  english: UseFormRegisterReturn;
  arabic: UseFormRegisterReturn;
  englishError?: string;
  arabicError?: string;
  hint?: ReactNode;
  multiline?: boolean;
  /** The English value may stay empty too (an explanation, say). */
  optional?: boolean;
  testId?: string;
}

/**
 * The tag on a translatable text's base value. That value is what English readers see (and everyone,
 * where no Arabic is given), but its label alone did not say so: beside "… in Arabic", Arabic readers
 * took it for the Arabic one.
 */
export function EnglishTag() {
  return (
    <Trans comment="A tag beside the label of a field whose value is written in English">In English</Trans>
  );
}

/**
 * A translatable text: the English value (required, tagged "In English") beside its optional Arabic
 * counterpart (`_tr`), which is always typed in RTL direction and marked as Arabic, whatever the
 * interface language.
 */
export function BilingualField({
  label,
  english,
  arabic,
  englishError,
  arabicError,
  hint,
  multiline = false,
  optional = false,
  testId,
}: BilingualFieldProps) {
  const { t } = useLingui();
  const arabicLabel = t`${label} in Arabic (optional)`;
  const englishLabel = optional ? t`${label} (optional)` : label;
  const Field = multiline ? TextAreaField : TextField;
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid={testId}>
      <Field
        label={englishLabel}
        error={englishError}
        hint={hint}
        tag={<EnglishTag />}
        dir="auto"
        required={!optional}
        className={disabledLook}
        {...(multiline ? { rows: 3 } : {})}
        {...english}
      />
      <Field
        label={arabicLabel}
        error={arabicError}
        dir="rtl"
        lang="ar"
        className={disabledLook}
        {...(multiline ? { rows: 3 } : {})}
        {...arabic}
      />
    </div>
  );
}
