import type { BaseSyntheticEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiSend, FiTrash2 } from 'react-icons/fi';
import type { Course } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import type { SaveIntent } from '../../hooks/use-course-save.ts';

export interface FormActionsProps {
  /** The course being edited, or null for a new one. */
  course: Course | null;
  readOnly: boolean;
  /** Only the owner submits a draft for review. */
  isOwner: boolean;
  pending: SaveIntent | null;
  save: (intent: SaveIntent) => (event?: BaseSyntheticEvent) => Promise<void>;
  onDelete: () => void;
}

/**
 * The course form's footer: Add Course and Save as Draft for a new course; for an existing one Edit
 * Course (unless read-only), Submit for review (the owner's draft) and Delete Course (unless archived).
 * Add and Edit are the form's submit buttons, so Enter in a field saves as they do.
 */
export function FormActions({ course, readOnly, isOwner, pending, save, onDelete }: FormActionsProps) {
  const busy = pending !== null;
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
      {!course ? (
        <>
          <Button type="submit" loading={pending === 'create'} disabled={busy}>
            <Trans>Add Course</Trans>
          </Button>
          <Button
            variant="secondary"
            loading={pending === 'draft'}
            disabled={busy}
            onClick={(event) => void save('draft')(event)}
          >
            <Trans>Save as Draft</Trans>
          </Button>
        </>
      ) : (
        <>
          {readOnly ? null : (
            <Button type="submit" loading={pending === 'update'} disabled={busy}>
              <Trans>Edit Course</Trans>
            </Button>
          )}
          {!readOnly && course.status === 'Draft' && isOwner ? (
            <Button
              variant="secondary"
              loading={pending === 'submit'}
              disabled={busy}
              onClick={(event) => void save('submit')(event)}
            >
              <FiSend aria-hidden="true" className="rtl:-scale-x-100" />
              <Trans>Submit for review</Trans>
            </Button>
          ) : null}
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
