import { useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiAlertCircle, FiPlus } from 'react-icons/fi';
import type { CourseDraft } from '@app/shared';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { addControl, focusAfterRemoval, itemControl } from './focus-after-removal.ts';
import { emptyQuestion } from './form-values.ts';
import { QuizQuestionModal } from './quiz-question-modal.tsx';
import { useFocusOnRefusedSave } from './refused-save-focus.ts';
import { QuestionDraftScope, questionDraftKey, questionExcerpt } from './question-draft.ts';

export interface QuizQuestionsProps {
  control: Control<CourseDraft>;
  sectionIndex: number;
  resourceIndex: number;
  readOnly?: boolean;
}

/**
 * The questions of a quiz resource: listed 'Question 1', 'Question 2'…, each beside an excerpt of its
 * text (the button's accessible description), each opening its modal. On a course locked for editing they open to be
 * read: the form's disabled fieldset disables every `button` in it, so the openers are
 * then buttons by role (`QuestionOpener`), which it does not reach.
 */
export function QuizQuestions({ control, sectionIndex, resourceIndex, readOnly }: QuizQuestionsProps) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const name = `coursesection.${sectionIndex}.resources.${resourceIndex}.quiz` as const;
  const questions = useFieldArray({ control, name });
  const { errors, submitCount } = useFormState({ control, name });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const draftScope = useContext(QuestionDraftScope);
  const quizId = useWatch({ control, name: `coursesection.${sectionIndex}.resources.${resourceIndex}._id` });

  const quizErrors = errors.coursesection?.[sectionIndex]?.resources?.[resourceIndex]?.quiz;
  const listMessage = quizErrors?.message ?? quizErrors?.root?.message;
  const hasQuestionErrors = Array.isArray(quizErrors) && quizErrors.some(Boolean);
  const list = `questions-${sectionIndex}-${resourceIndex}`;
  const headingId = `${questions.fields[0]?.id ?? 'quiz'}-${sectionIndex}-${resourceIndex}-questions`;
  const firstInvalid = Array.isArray(quizErrors) ? quizErrors.findIndex(Boolean) : -1;
  const needsAttention = Boolean(listMessage) || firstInvalid >= 0;

  // A save refused for this quiz (no question, or one left incomplete): its first question needing
  // attention, else its Add Question, takes the focus (it stayed on the save button).
  useFocusOnRefusedSave(submitCount, () =>
    needsAttention
      ? document.querySelector<HTMLElement>(
          firstInvalid >= 0 ? `[data-item="${list}-${firstInvalid}"]` : `[data-add="${list}"]`,
        )
      : null,
  );

  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-semibold text-ink">
        <Trans>Quiz questions</Trans>
      </p>
      {questions.fields.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {questions.fields.map((field, position) => {
            const n = position + 1;
            const invalid = Array.isArray(quizErrors) && Boolean(quizErrors[position]);
            const excerpt = questionExcerpt(field, i18n.locale);
            const excerptId = `${ids}-excerpt-${position}`;
            return (
              <li key={field.id} className="flex max-w-full items-center gap-3">
                <QuestionOpener
                  readOnly={readOnly}
                  {...itemControl(list, position)}
                  onOpen={() => setEditing(position)}
                  className={`shrink-0 ${invalid ? 'border-error' : ''}`}
                  aria-label={invalid ? t`Question ${n} (needs attention)` : undefined}
                  aria-describedby={excerpt ? excerptId : undefined}
                >
                  {invalid ? <FiAlertCircle aria-hidden="true" className="text-error" /> : null}
                  <Trans>Question {n}</Trans>
                </QuestionOpener>
                {/* Beside the button, not in it: its name stays its visible label, 'Question n'
                    (WCAG 2.5.3, label in name); the excerpt is its description. */}
                {excerpt ? (
                  <span
                    id={excerptId}
                    lang={excerpt.lang}
                    dir="auto"
                    className="min-w-0 truncate text-sm text-muted"
                  >
                    {excerpt.text}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          <Trans>No questions yet.</Trans>
        </p>
      )}
      {listMessage ? (
        <p id={`${list}-error`} className="text-sm text-error">
          {listMessage}
        </p>
      ) : null}
      {hasQuestionErrors ? (
        <p className="text-sm text-error">
          <Trans>Some questions are incomplete.</Trans>
        </p>
      ) : null}
      {readOnly ? null : (
        <div>
          <Button
            variant="secondary"
            {...addControl(list)}
            onClick={() => setEditing(null)}
            aria-describedby={listMessage ? `${list}-error` : undefined}
          >
            <FiPlus aria-hidden="true" />
            <Trans>Add Question</Trans>
          </Button>
        </div>
      )}
      {editing !== undefined ? (
        <QuizQuestionModal
          open
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
          index={editing}
          draftKey={
            draftScope
              ? questionDraftKey(
                  draftScope,
                  { id: quizId, section: sectionIndex, resource: resourceIndex },
                  { id: editing === null ? undefined : questions.fields[editing]?._id, index: editing },
                )
              : undefined
          }
          initial={editing === null ? emptyQuestion() : (questions.fields[editing] ?? emptyQuestion())}
          readOnly={readOnly}
          onSave={(question) => {
            if (editing === null) questions.append(question);
            else questions.update(editing, question);
          }}
          onDelete={
            editing === null || readOnly
              ? undefined
              : () => {
                  questions.remove(editing);
                  // The modal closes with it; the button that opened it went with the question.
                  focusAfterRemoval(list, editing);
                }
          }
        />
      ) : null}
    </div>
  );
}

interface QuestionOpenerProps {
  readOnly?: boolean;
  onOpen: () => void;
  className: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-item': string;
  children: ReactNode;
}

/**
 * The button that opens a question. In a read-only form it is a button by role, not a `button`: the
 * form's disabled fieldset (course-form.tsx) would disable that, and the locked question could not
 * even be read. Enter presses it as the key goes down, Space as it comes up, like a `button`.
 */
function QuestionOpener({ readOnly, onOpen, className, children, ...rest }: QuestionOpenerProps) {
  if (!readOnly)
    return (
      <Button variant="secondary" {...rest} onClick={onOpen} className={className}>
        {children}
      </Button>
    );
  return (
    <span
      role="button"
      tabIndex={0}
      {...rest}
      onClick={onOpen}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onOpen();
        } else if (event.key === ' ') event.preventDefault(); // no scrolling: pressed on the way up
      }}
      onKeyUp={(event: KeyboardEvent) => {
        if (event.key === ' ') onOpen();
      }}
      className={`${buttonClass('secondary')} cursor-pointer ${className}`}
    >
      {children}
    </span>
  );
}
