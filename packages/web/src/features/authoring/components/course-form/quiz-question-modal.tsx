import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiTrash2 } from 'react-icons/fi';
import {
  quizQuestionDraftSchema,
  TRUE_FALSE,
  type QuizQuestionDraft,
  type QuizQuestionInput,
} from '@app/shared';
import { Modal, ModalFooter } from '../../../../components/ui/modal.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { useTranslatedResolver, useValidatedForm } from '../../../../lib/validation-messages.ts';
import { BilingualField } from './bilingual-field.tsx';
import { disabledLook } from './field-styles.ts';
import { questionToDraft, sameValues } from './form-values.ts';
import {
  forgetQuestionDraft,
  keepQuestionDraft,
  questionExcerpt,
  readQuestionDraft,
} from './question-draft.ts';
import { ChoiceFields } from './quiz-choice-fields.tsx';
import { useFocusOnRefusedSave } from './refused-save-focus.ts';
import { useQuestionTypeLabels, useTrueFalseLabels } from './question-type-labels.ts';

export interface QuizQuestionModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Position of an existing question (0-based), or null for a new one. */
  index: number | null;
  initial: QuizQuestionDraft;
  onSave: (question: QuizQuestionDraft) => void;
  onDelete?: () => void;
  readOnly?: boolean;
  /**
   * Where what is typed is kept until the question is added, saved or closed (question-draft.ts): a
   * reload meanwhile loses nothing; the question opens with it again.
   */
  draftKey?: string;
}

type QuestionForm = UseFormReturn<QuizQuestionDraft, unknown, QuizQuestionInput>;

/**
 * One quiz question (description §2, decision 035): its type, the question, the type's key (options
 * and the correct one(s), true or false, or the accepted answers) and an optional explanation shown
 * to learners after they submit. Add refuses with 'Incomplete field' while anything is missing.
 * Closing a new question without adding it discards it. While the question holds unsaved changes, a
 * press outside the modal does not close it; Escape, Close and Cancel do (decision 096). Delete asks
 * first, naming the question (decision 182's confirmation). Read-only (a course locked for editing),
 * every field is shown disabled and only Close is offered.
 */
export function QuizQuestionModal(props: QuizQuestionModalProps) {
  const { t } = useLingui();
  const { open, onOpenChange, index, draftKey } = props;
  const number = (index ?? 0) + 1;
  // Added, saved, deleted or closed on purpose: what was typed is no longer kept.
  const openChange = (next: boolean) => {
    if (!next) forgetQuestionDraft(draftKey);
    onOpenChange(next);
  };
  // The backdrop is easily pressed by mistake (the modal opens over the form the author was working
  // in): with changes unsaved it does not close the question; Escape and the buttons are deliberate.
  const dirtyRef = useRef(false);
  return (
    <Modal
      open={open}
      onOpenChange={openChange}
      keepOpenOutside={() => dirtyRef.current}
      title={index === null ? t`Add Question` : t`Question ${number}`}
      width="44rem"
    >
      <QuestionForm {...props} onOpenChange={openChange} dirtyRef={dirtyRef} />
    </Modal>
  );
}

function QuestionForm({
  index,
  initial,
  onSave,
  onDelete,
  onOpenChange,
  readOnly,
  draftKey,
  dirtyRef,
}: QuizQuestionModalProps & { dirtyRef: RefObject<boolean> }) {
  const { t, i18n } = useLingui();
  const groupId = useId();
  const number = (index ?? 0) + 1;
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Named as it is in the list (its saved text), not as it may have been retyped since.
  const excerpt = questionExcerpt(initial, i18n.locale);
  const typeLabels = useQuestionTypeLabels();
  // The values are a shared question draft, checked by the same input schema as the whole course.
  const resolver = useTranslatedResolver(quizQuestionDraftSchema);
  const form = useValidatedForm(resolver, initial);
  const { register, control, formState } = form;
  // What was being typed here before a reload comes back, as changes on the question it was made on.
  const [kept] = useState(() => readQuestionDraft(draftKey));
  useEffect(() => {
    if (kept) form.reset(kept, { keepDefaultValues: true });
  }, [form, kept]);
  useEffect(() => {
    if (!draftKey || readOnly) return undefined;
    const subscription = form.watch((values) => {
      if (sameValues(values, initial)) forgetQuestionDraft(draftKey);
      else keepQuestionDraft(draftKey, values as QuizQuestionDraft);
    });
    return () => subscription.unsubscribe();
  }, [form, draftKey, readOnly, initial]);
  const { errors, isSubmitted, isDirty, submitCount } = formState;
  const type = useWatch({ control, name: 'type' }) ?? 'single';
  const invalid = isSubmitted && Object.keys(errors).length > 0;
  const formElement = useRef<HTMLFormElement>(null);
  // The correct answer (radios or boxes) and the options' list ("Each option must be different.") have
  // no input of their own for react-hook-form to focus: the first enabled control of the first group
  // marked invalid takes the focus (it stayed on Add).
  useFocusOnRefusedSave(submitCount, () =>
    invalid
      ? formElement.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"] input:not(:disabled)')
      : null,
  );
  useEffect(() => {
    dirtyRef.current = isDirty;
  }, [dirtyRef, isDirty]);

  const submit = form.handleSubmit((question) => {
    // The course form holds drafts: the checked (trimmed) question goes back as one.
    onSave(questionToDraft(question));
    onOpenChange(false);
  });

  return (
    <form
      ref={formElement}
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      className="flex flex-col gap-5"
      aria-describedby={invalid ? `${groupId}-incomplete` : undefined}
    >
      {readOnly ? (
        <p className="rounded-md bg-gray-100 px-3 py-2 text-sm text-ink">
          <Trans>You can read this question but not change it: editing of this course is locked.</Trans>
        </p>
      ) : null}
      {kept ? (
        <p role="status" className="rounded-md bg-primary-light px-3 py-2 text-sm text-ink">
          <Trans>Your unsaved writing in this question is back.</Trans>
        </p>
      ) : null}
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
        <div className="flex flex-col gap-1">
          <label htmlFor={`${groupId}-type`} className="text-sm font-semibold text-ink">
            <Trans>Question type</Trans>
          </label>
          <select
            id={`${groupId}-type`}
            className={`min-h-10 max-w-xs rounded-md border border-gray-400 bg-white px-3 py-2 text-ink focus:border-primary-dark focus:ring-2 focus:ring-primary/30 focus:outline-none ${disabledLook}`}
            {...register('type')}
          >
            {typeLabels.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>

        <BilingualField
          label={t`Question`}
          multiline
          english={register('question')}
          arabic={register('question_tr')}
          englishError={errors.question?.message}
          arabicError={errors.question_tr?.message}
        />

        {type === 'single' || type === 'multiple' ? (
          <ChoiceFields form={form} multiple={type === 'multiple'} readOnly={readOnly} />
        ) : type === 'truefalse' ? (
          <TrueFalseKey form={form} />
        ) : (
          <BilingualField
            label={t`Accepted answers`}
            multiline
            hint={t`One per line; case, spaces and Arabic spelling variants are ignored.`}
            english={register('accepted')}
            arabic={register('accepted_tr')}
            englishError={errors.accepted?.message ?? errors.accepted?.root?.message}
            arabicError={errors.accepted_tr?.message ?? errors.accepted_tr?.root?.message}
            testId="accepted-answers"
          />
        )}

        <BilingualField
          label={t`Explanation`}
          optional
          multiline
          hint={t`Shown with the result, after submitting.`}
          english={register('explanation')}
          arabic={register('explanation_tr')}
          englishError={errors.explanation?.message}
          arabicError={errors.explanation_tr?.message}
        />
      </fieldset>

      {readOnly ? (
        <ModalFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Close</Trans>
          </Button>
        </ModalFooter>
      ) : (
        <ModalFooter>
          {index !== null && onDelete ? (
            <Button
              ref={deleteButton}
              variant="danger"
              className="me-auto"
              onClick={() => setConfirming(true)}
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
      {onDelete ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            if (open) return;
            setConfirming(false);
            // Back on the question's Delete (a click does not focus a button everywhere: Safari).
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
          title={t`Delete question ${number}?`}
          confirmLabel={t`Delete`}
          onConfirm={() => {
            setConfirming(false);
            // The list puts the focus on the question now in its place (quiz-questions.tsx).
            onDelete();
            onOpenChange(false);
          }}
        >
          {excerpt ? (
            <span
              lang={excerpt.lang}
              dir="auto"
              className="mb-2 block border-s-4 border-gray-300 ps-3 text-ink"
            >
              {excerpt.text}
            </span>
          ) : null}
          <span className="block">
            <Trans>The question will be removed from the quiz.</Trans>
          </span>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

/** True or false, labelled in the author's language; the learner sees the labels in theirs. */
function TrueFalseKey({ form }: { form: QuestionForm }) {
  const { t } = useLingui();
  const groupId = useId();
  const labels = useTrueFalseLabels();
  const { control, setValue, formState } = form;
  const truth = useWatch({ control, name: 'truth' });
  // The input schema reports the key at `correctanswer`, its name on the wire.
  const error = formState.errors.correctanswer;
  const message = error ? t`Choose the correct answer` : undefined;
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1"
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? `${groupId}-error` : undefined}
    >
      <legend className="text-base font-semibold text-ink">
        <Trans>Correct answer</Trans>
      </legend>
      {TRUE_FALSE.map((value) => (
        <label key={value} className="flex min-h-10 cursor-pointer items-center gap-3 py-2 text-sm text-ink">
          <input
            type="radio"
            name={`${groupId}-truth`}
            className="size-4 shrink-0 accent-primary-dark"
            checked={truth === value}
            onChange={() => setValue('truth', value, { shouldValidate: formState.isSubmitted })}
          />
          <span>{labels[value]}</span>
        </label>
      ))}
      {message ? (
        <p id={`${groupId}-error`} className="text-sm text-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
