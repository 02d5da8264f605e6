import { useContext, useState } from 'react';
import { useFieldArray, useFormState, useWatch, type Control } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiAlertCircle, FiPlus } from 'react-icons/fi';
import type { CourseDraft } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { addControl, focusAfterRemoval, itemControl } from './focus-after-removal.ts';
import { emptyQuestion } from './form-values.ts';
import { QuizQuestionModal } from './quiz-question-modal.tsx';
import { useFocusOnRefusedSave } from './refused-save-focus.ts';
import { QuestionDraftScope, questionDraftKey } from './question-draft.ts';

export interface QuizQuestionsProps {
  control: Control<CourseDraft>;
  sectionIndex: number;
  resourceIndex: number;
  readOnly?: boolean;
}

/** The questions of a quiz resource: listed 'Question 1', 'Question 2'…, each opening its modal. */
export function QuizQuestions({ control, sectionIndex, resourceIndex, readOnly }: QuizQuestionsProps) {
  const { t } = useLingui();
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
        <ul className="flex flex-wrap gap-2">
          {questions.fields.map((field, position) => {
            const n = position + 1;
            const invalid = Array.isArray(quizErrors) && Boolean(quizErrors[position]);
            return (
              <li key={field.id}>
                <Button
                  variant="secondary"
                  {...itemControl(list, position)}
                  onClick={() => setEditing(position)}
                  className={invalid ? 'border-error' : ''}
                  aria-label={invalid ? t`Question ${n} (needs attention)` : undefined}
                >
                  {invalid ? <FiAlertCircle aria-hidden="true" className="text-error" /> : null}
                  <Trans>Question {n}</Trans>
                </Button>
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
            editing === null
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
