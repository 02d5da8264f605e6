import { useId } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { LIMITS, type QuizQuestionDraft, type QuizQuestionInput } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { disabledLook } from './field-styles.ts';
import { EnglishTag } from './bilingual-field.tsx';
import { addControl, focusAfterRemoval, itemControl } from './focus-after-removal.ts';

type QuestionForm = UseFormReturn<QuizQuestionDraft, unknown, QuizQuestionInput>;

/**
 * The options of a choice question (2 to 4, both languages) and its key: one radio for single
 * choice, checkboxes and the scoring rule for multiple answers (decision 035). Renaming an option
 * that is marked correct keeps it marked; removing it unmarks it. Read-only, the options are shown
 * without their Add and Remove buttons.
 */
export function ChoiceFields({
  form,
  multiple,
  readOnly,
}: {
  form: QuestionForm;
  multiple: boolean;
  readOnly?: boolean;
}) {
  const { t } = useLingui();
  const groupId = useId();
  const { register, control, setValue, getValues, formState } = form;
  const { errors, isSubmitted } = formState;
  const options = useFieldArray({ control, name: 'options' });
  const optionValues = useWatch({ control, name: 'options' });
  const correct = useWatch({ control, name: 'correctanswer' });
  const corrects = useWatch({ control, name: 'correctanswers' }) ?? [];
  const scoring = useWatch({ control, name: 'scoring' });

  const optionsError = errors.options?.root ?? errors.options;
  // "Must be different" says nothing while options are still empty (each empty one is already marked).
  const blankOption = (optionValues ?? []).some((option) => !option?.name?.trim());
  const optionsMessage =
    optionsError?.type === 'too_few'
      ? plural(LIMITS.quizOptionsMin, { one: 'Add at least # option', other: 'Add at least # options' })
      : optionsError?.type === 'duplicate_option' && blankOption
        ? undefined
        : optionsError?.message;
  const keyError = multiple ? (errors.correctanswers?.root ?? errors.correctanswers) : errors.correctanswer;
  const keyMessage =
    keyError?.type === 'required' ? t`Choose the correct answer` : (keyError?.message ?? undefined);

  const list = `${groupId}-options`;
  const validate = { shouldValidate: isSubmitted };
  const setKey = (names: string[]) => setValue('correctanswers', names, validate);
  const rename = (before: string, after: string) => {
    if (before && before === getValues('correctanswer')) setValue('correctanswer', after, validate);
    const list = getValues('correctanswers') ?? [];
    if (before && list.includes(before)) setKey(list.map((name) => (name === before ? after : name)));
  };

  return (
    <>
      <fieldset
        className="flex min-w-0 flex-col gap-3"
        aria-invalid={optionsMessage ? true : undefined}
        aria-describedby={
          [readOnly ? '' : `${groupId}-options-hint`, optionsMessage ? `${groupId}-options-error` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <legend className="text-base font-semibold text-ink">
          <Trans>Options</Trans>
        </legend>
        {readOnly ? null : (
          <p id={`${groupId}-options-hint`} className="text-xs text-muted">
            <Trans>Between 2 and 4 options.</Trans>
          </p>
        )}
        {options.fields.map((field, position) => {
          const n = position + 1;
          const nameField = register(`options.${position}.name`, {
            onChange: (event: { target: { value: string } }) =>
              rename(optionValues?.[position]?.name ?? '', event.target.value),
          });
          return (
            <div key={field.id} className="flex flex-col gap-2 rounded-md border border-gray-200 p-3">
              <div className="grid gap-3 md:grid-cols-2">
                <TextField
                  label={t`Option ${n}`}
                  tag={<EnglishTag />}
                  dir="auto"
                  required
                  className={disabledLook}
                  error={errors.options?.[position]?.name?.message}
                  {...nameField}
                />
                <TextField
                  label={t`Option ${n} in Arabic (optional)`}
                  dir="rtl"
                  lang="ar"
                  className={disabledLook}
                  error={errors.options?.[position]?.name_tr?.message}
                  {...register(`options.${position}.name_tr`)}
                />
              </div>
              {!readOnly && options.fields.length > LIMITS.quizOptionsMin ? (
                <div>
                  <Button
                    variant="ghost"
                    className="text-error"
                    aria-label={t`Remove option ${n}`}
                    {...itemControl(list, position)}
                    onClick={() => {
                      const name = getValues(`options.${position}.name`);
                      if (name === getValues('correctanswer')) setValue('correctanswer', '');
                      setKey((getValues('correctanswers') ?? []).filter((item) => item !== name));
                      options.remove(position);
                      focusAfterRemoval(list, position);
                    }}
                  >
                    <FiTrash2 aria-hidden="true" />
                    <Trans>Remove</Trans>
                  </Button>
                </div>
              ) : null}
            </div>
          );
        })}
        {optionsMessage ? (
          <p id={`${groupId}-options-error`} className="text-sm text-error">
            {optionsMessage}
          </p>
        ) : null}
        {readOnly ? null : options.fields.length < LIMITS.quizOptionsMax ? (
          <div>
            <Button
              variant="secondary"
              {...addControl(list)}
              onClick={() => options.append({ name: '', name_tr: '' })}
            >
              <FiPlus aria-hidden="true" />
              <Trans>Add option</Trans>
            </Button>
          </div>
        ) : (
          <p className="text-xs text-muted">
            <Trans>A question has at most 4 options.</Trans>
          </p>
        )}
      </fieldset>

      <fieldset
        className="flex min-w-0 flex-col gap-1"
        aria-invalid={keyMessage ? true : undefined}
        aria-describedby={keyMessage ? `${groupId}-correct-error` : undefined}
      >
        <legend className="text-base font-semibold text-ink">
          {multiple ? <Trans>Correct answers</Trans> : <Trans>Correct answer</Trans>}
        </legend>
        {(optionValues ?? []).map((option, position) => {
          const n = position + 1;
          const name = option?.name ?? '';
          const filled = name.trim() !== '';
          return (
            <label
              key={options.fields[position]?.id ?? position}
              className={`flex min-h-10 items-center gap-3 py-2 text-sm ${filled ? 'cursor-pointer text-ink' : 'text-muted'}`}
            >
              {multiple ? (
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary-dark"
                  checked={filled && corrects.includes(name)}
                  disabled={!filled}
                  onChange={(event) =>
                    setKey(
                      event.target.checked
                        ? [...corrects.filter((item) => item !== name), name]
                        : corrects.filter((item) => item !== name),
                    )
                  }
                />
              ) : (
                <input
                  type="radio"
                  name={`${groupId}-correct`}
                  className="size-4 shrink-0 accent-primary-dark"
                  checked={filled && correct === name}
                  disabled={!filled}
                  onChange={() => setValue('correctanswer', name, validate)}
                />
              )}
              <span dir="auto" className="min-w-0 break-words">
                {filled ? name : t`Option ${n} (empty)`}
              </span>
            </label>
          );
        })}
        {keyMessage ? (
          <p id={`${groupId}-correct-error`} className="text-sm text-error">
            {keyMessage}
          </p>
        ) : null}
      </fieldset>

      {multiple ? (
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-base font-semibold text-ink">
            <Trans>Scoring</Trans>
          </legend>
          {(
            [
              ['all', t`All or nothing`],
              ['partial', t`Partial credit: a wrong tick cancels a right one`],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex min-h-10 cursor-pointer items-start gap-3 py-2 text-sm text-ink"
            >
              <input
                type="radio"
                name={`${groupId}-scoring`}
                className="mt-0.5 size-4 shrink-0 accent-primary-dark"
                checked={(scoring ?? 'all') === value}
                onChange={() => setValue('scoring', value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
