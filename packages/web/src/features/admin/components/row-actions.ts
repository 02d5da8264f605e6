import { courseActionAllowed, type CourseAction, type CourseSummary, type SwitchTarget } from '@app/shared';

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
  /**
   * For a switch, the state its label promises (decision 098): sent as `?to=`, so a row read before
   * someone else's change does what it says instead of flipping back.
   */
  to?: SwitchTarget;
}

/**
 * Exactly the actions valid for a course's state (description §2, §4): View course; Archive or
 * Un-archive; Approve on Pending; Revoke approval and availability on Approved; Disable or Enable editing.
 * Which status allows which action is the shared `COURSE_ACTIONS`, the server's rule too.
 */
export function actionsFor(
  course: Pick<CourseSummary, 'status' | 'isAvailable' | 'enableEditing'>,
): RowAction[] {
  const allowed = (action: CourseAction) => courseActionAllowed(action, course.status);
  const actions: RowAction[] = [{ id: 'view', action: null }];
  if (allowed('approve')) actions.push({ id: 'approve', action: 'approve' });
  if (allowed('revoke')) actions.push({ id: 'revoke', action: 'revoke' });
  if (allowed('toggleAvailable'))
    actions.push(
      course.isAvailable
        ? { id: 'makeUnavailable', action: 'toggleAvailable', to: 'off' }
        : { id: 'makeAvailable', action: 'toggleAvailable', to: 'on' },
    );
  actions.push(
    course.enableEditing
      ? { id: 'disableEditing', action: 'toggleEditing', to: 'off' }
      : { id: 'enableEditing', action: 'toggleEditing', to: 'on' },
  );
  actions.push(
    course.status === 'Archived'
      ? { id: 'unarchive', action: 'archive', to: 'off' }
      : { id: 'archive', action: 'archive', to: 'on' },
  );
  return actions;
}
