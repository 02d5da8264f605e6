import type { CourseSummary } from '@app/shared';
import type { CourseAction } from '../api/run-course-action.ts';

export type RowActionId =
  | 'view'
  | 'archive'
  | 'unarchive'
  | 'approve'
  | 'revoke'
  | 'makeUnavailable'
  | 'makeAvailable'
  | 'disableEditing'
  | 'enableEditing';

export interface RowAction {
  id: RowActionId;
  /** The server call, or none for "View course". */
  action: CourseAction | null;
}

/**
 * Exactly the actions valid for a course's state (description §2, §4): View course; Archive or
 * Un-archive; Approve on Pending; Revoke approval and availability on Approved; Disable or Enable editing.
 */
export function actionsFor(
  course: Pick<CourseSummary, 'status' | 'isAvailable' | 'enableEditing'>,
): RowAction[] {
  const actions: RowAction[] = [{ id: 'view', action: null }];
  if (course.status === 'Pending') actions.push({ id: 'approve', action: 'approve' });
  if (course.status === 'Approved') {
    actions.push({ id: 'revoke', action: 'revoke' });
    actions.push(
      course.isAvailable
        ? { id: 'makeUnavailable', action: 'toggleAvailable' }
        : { id: 'makeAvailable', action: 'toggleAvailable' },
    );
  }
  actions.push(
    course.enableEditing
      ? { id: 'disableEditing', action: 'toggleEditing' }
      : { id: 'enableEditing', action: 'toggleEditing' },
  );
  actions.push(
    course.status === 'Archived'
      ? { id: 'unarchive', action: 'archive' }
      : { id: 'archive', action: 'archive' },
  );
  return actions;
}
