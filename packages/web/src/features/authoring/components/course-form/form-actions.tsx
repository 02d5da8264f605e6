import { useId, type BaseSyntheticEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiSend, FiTrash2 } from 'react-icons/fi';
import type { Course } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import type { SaveIntent } from '../../hooks/use-course-save.ts';

export interface FormActionsProps {
  /** The course being edited, or null for a new one. */
  course: Course | null;
  readOnly: boolean;
  /** Only the owner submits a draft, or a course sent back with a note (decision 206), for review. */
  isOwner: boolean;
  pending: SaveIntent | null;
  /** A file is still uploading: the save buttons wait, and say so. */
  uploading: boolean;
  save: (intent: SaveIntent) => (event?: BaseSyntheticEvent) => Promise<void>;
  onDelete: () => void;
}

/**
 * The course form's footer: Add Course and Save as Draft for a new course; for an existing one Edit
 * Course (unless read-only), Submit for review (the owner's draft or course sent back) and Delete Course
 * (unless archived).
 * Add and Edit are the form's submit buttons, so Enter in a field saves as they do. While a file uploads
 * they are disabled, with the reason beside them (decision 096). While a restore offer waits, `save` is
 * the form's: it shows the offer again instead of saving (course-form.tsx).
 */
export function FormActions({
  course,
  readOnly,
  isOwner,
  pending,
  uploading,
  save,
  onDelete,
}: FormActionsProps) {
  const waitId = useId();
  const busy = pending !== null;
  const saveBlocked = busy || uploading;
  const describedBy = uploading ? waitId : undefined;
  // Always rendered, so that screen readers announce the reason when it appears.
  const waiting = (
    <p id={waitId} role="status" className="text-sm text-muted">
      {uploading ? <Trans>Waiting for the upload to finish…</Trans> : null}
    </p>
  );
  return (
    // `data-form-actions`: a refused save leaves the focus here for a quiz to take (quiz-questions.tsx).
    <div data-form-actions className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
      {!course ? (
        <>
          <Button
            type="submit"
            loading={pending === 'create'}
            disabled={saveBlocked}
            aria-describedby={describedBy}
          >
            <Trans>Add Course</Trans>
          </Button>
          <Button
            variant="secondary"
            loading={pending === 'draft'}
            disabled={saveBlocked}
            aria-describedby={describedBy}
            onClick={(event) => void save('draft')(event)}
          >
            <Trans>Save as Draft</Trans>
          </Button>
          {waiting}
        </>
      ) : (
        <>
          {readOnly ? null : (
            <Button
              type="submit"
              loading={pending === 'update'}
              disabled={saveBlocked}
              aria-describedby={describedBy}
            >
              <Trans>Edit Course</Trans>
            </Button>
          )}
          {!readOnly && (course.status === 'Draft' || course.status === 'Rejected') && isOwner ? (
            <Button
              variant="secondary"
              loading={pending === 'submit'}
              disabled={saveBlocked}
              aria-describedby={describedBy}
              onClick={(event) => void save('submit')(event)}
            >
              <FiSend aria-hidden="true" className="rtl:-scale-x-100" />
              <Trans>Submit for review</Trans>
            </Button>
          ) : null}
          {readOnly ? null : waiting}
          {course.status !== 'Archived' ? (
            <Button variant="danger" className="ms-auto" disabled={busy} onClick={onDelete}>
              <FiTrash2 aria-hidden="true" />
              <Trans>Delete Course</Trans>
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
