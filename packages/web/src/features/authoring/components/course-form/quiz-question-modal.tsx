import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { LIMITS, quizQuestionDraftSchema, type QuizQuestionDraft } from '@app/shared';
import { Modal, ModalFooter } from '../../../../components/ui/modal.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useTranslatedResolver, useValidatedForm } from '../../../../lib/validation-messages.ts';
import { BilingualField } from './bilingual-field.tsx';
import { disabledLook } from './field-styles.ts';
import { questionToDraft } from './form-values.ts';

export interface QuizQuestionModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Position of an existing question (0-based), or null for a new one. */
  index: number | null;
  initial: QuizQuestionDraft;
  onSave: (question: QuizQuestionDraft) => void;
  onDelete?: () => void;
  readOnly?: boolean;
}

/**
 * One quiz question (description §2): the question, up to four options with add and remove, the
 * correct answer chosen among the options. Add refuses with 'Incomplete field' while anything is
 * missing. Closing a new question without adding it discards it.
 */
export function QuizQuestionModal(props: QuizQuestionModalProps) {
  const { t } = useLingui();
  const { open, onOpenChange, index } = props;
  const number = (index ?? 0) + 1;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={index === null ? t`Add Question` : t`Question ${number}`}
      width="44rem"
    >
      <QuestionForm {...props} />
    </Modal>
  );
}

function QuestionForm({ index, initial, onSave, onDelete, onOpenChange, readOnly }: QuizQuestionModalProps) {
  const { t } = useLingui();
  const groupId = useId();
  // The values are a shared question draft, checked by the same input schema as the whole course.
  const resolver = useTranslatedResolver(quizQuestionDraftSchema);
  const form = useValidatedForm(resolver, initial);
  const { register, control, setValue, getValues, formState } = form;
  const { errors, isSubmitted } = formState;
  const options = useFieldArray({ control, name: 'options' });
  const optionValues = useWatch({ control, name: 'options' });
  const correct = useWatch({ control, name: 'correctanswer' });
  const invalid = isSubmitted && Object.keys(errors).length > 0;

  const optionsError = errors.options?.root ?? errors.options;
  // "Must be different" says nothing while options are still empty (each empty one is already marked).
  const blankOption = (optionValues ?? []).some((option) => !option?.name?.trim());
  const optionsMessage =
    optionsError?.type === 'too_few'
      ? plural(LIMITS.quizOptionsMin, { one: 'Add at least # option', other: 'Add at least # options' })
      : optionsError?.type === 'duplicate_option' && blankOption
        ? undefined
        : optionsError?.message;

  const submit = form.handleSubmit((question) => {
    // The course form holds drafts: the checked (trimmed) question goes back as one.
    onSave(questionToDraft(question));
    onOpenChange(false);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      className="flex flex-col gap-5"
      aria-describedby={invalid ? `${groupId}-incomplete` : undefined}
    >
      {invalid ? (
        <p
          id={`${groupId}-incomplete`}
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-error"
        >
          <Trans>Incomplete field</Trans>
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <BilingualField
          label={t`Question`}
          multiline
          english={register('question')}
          arabic={register('question_tr')}
          englishError={errors.question?.message}
          arabicError={errors.question_tr?.message}
        />

        <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={`${groupId}-options-hint`}>
          <legend className="text-base font-semibold text-ink">
            <Trans>Options</Trans>
          </legend>
          <p id={`${groupId}-options-hint`} className="text-xs text-muted">
            <Trans>Between 2 and 4 options.</Trans>
          </p>
          {options.fields.map((field, position) => {
            const n = position + 1;
            const nameField = register(`options.${position}.name`, {
              onChange: (event: { target: { value: string } }) => {
                // Renaming the option that is marked correct keeps it marked.
                const before = optionValues?.[position]?.name ?? '';
                if (before && before === getValues('correctanswer'))
                  setValue('correctanswer', event.target.value, { shouldValidate: isSubmitted });
              },
            });
            return (
              <div key={field.id} className="flex flex-col gap-2 rounded-md border border-gray-200 p-3">
                <div className="grid gap-3 md:grid-cols-2">
                  <TextField
                    label={t`Option ${n}`}
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
                {options.fields.length > LIMITS.quizOptionsMin ? (
                  <div>
                    <Button
                      variant="ghost"
                      className="text-error"
                      aria-label={t`Remove option ${n}`}
                      onClick={() => {
                        if (getValues(`options.${position}.name`) === getValues('correctanswer'))
                          setValue('correctanswer', '');
                        options.remove(position);
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
          {optionsMessage ? <p className="text-sm text-error">{optionsMessage}</p> : null}
          {options.fields.length < LIMITS.quizOptionsMax ? (
            <div>
              <Button variant="secondary" onClick={() => options.append({ name: '', name_tr: '' })}>
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
          className="flex min-w-0 flex-col gap-2"
          aria-invalid={errors.correctanswer ? true : undefined}
          aria-describedby={errors.correctanswer ? `${groupId}-correct-error` : undefined}
        >
          <legend className="text-base font-semibold text-ink">
            <Trans>Correct answer</Trans>
          </legend>
          {(optionValues ?? []).map((option, position) => {
            const n = position + 1;
            const name = option?.name ?? '';
            return (
              <label
                key={options.fields[position]?.id ?? position}
                className={`flex items-center gap-2 text-sm ${name.trim() ? 'text-ink' : 'text-muted'}`}
              >
                <input
                  type="radio"
                  name={`${groupId}-correct`}
                  className="size-4 accent-primary-dark"
                  checked={name.trim() !== '' && correct === name}
                  disabled={name.trim() === ''}
                  onChange={() => setValue('correctanswer', name, { shouldValidate: isSubmitted })}
                />
                <span dir="auto">{name.trim() ? name : t`Option ${n} (empty)`}</span>
              </label>
            );
          })}
          {errors.correctanswer ? (
            <p id={`${groupId}-correct-error`} className="text-sm text-error">
              {errors.correctanswer.type === 'required'
                ? t`Choose the correct answer`
                : errors.correctanswer.message}
            </p>
          ) : null}
        </fieldset>
      </fieldset>

      {readOnly ? null : (
        <ModalFooter>
          {index !== null && onDelete ? (
            <Button
              variant="danger"
              className="me-auto"
              onClick={() => {
                onDelete();
                onOpenChange(false);
              }}
            >
              <FiTrash2 aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit">{index === null ? <Trans>Add</Trans> : <Trans>Save</Trans>}</Button>
        </ModalFooter>
      )}
    </form>
  );
}
