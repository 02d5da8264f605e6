import {
  courseActionAllowed,
  courseRejectAllowed,
  type CourseAction,
  type CourseSummary,
  type SwitchTarget,
} from '@app/shared';

export type RowActionId =
  | 'view'
  | 'archive'
  | 'unarchive'
  | 'approve'
  | 'reject'
  | 'revoke'
  | 'makeUnavailable'
  | 'makeAvailable'
  | 'disableEditing'
  | 'enableEditing';

export interface RowAction {
  id: RowActionId;
  /** The server call, or none for "View course" and "Reject with a note…" (its dialog sends it). */
  action: CourseAction | null;
  /**
   * For a switch, the state its label promises (decision 098): sent as `?to=`, so a row read before
   * someone else's change does what it says instead of flipping back.
   */
  to?: SwitchTarget;
}

/**
 * The actions that ask before they run (decision 198): archive and revoke take an approved course
 * from its learners until it is approved again. The others are undone by the opposite item and
 * leave every learner their access (approving gives it; availability keeps enrolled learners in).
 */
export const asksFirst = (id: RowActionId): boolean => id === 'archive' || id === 'revoke';

/**
 * Exactly the actions valid for a course's state (description §2, §4): View course; Archive or
 * Un-archive; Approve and Reject with a note (decision 206) on Pending; Revoke approval and
 * availability on Approved; Disable or Enable editing. Which status allows which action is the shared
 * `COURSE_ACTIONS` and `COURSE_REJECT`, the server's rule too.
 */
export function actionsFor(
  course: Pick<CourseSummary, 'status' | 'isAvailable' | 'enableEditing'>,
): RowAction[] {
  const allowed = (action: CourseAction) => courseActionAllowed(action, course.status);
  const actions: RowAction[] = [{ id: 'view', action: null }];
  if (allowed('approve')) actions.push({ id: 'approve', action: 'approve' });
  if (courseRejectAllowed(course.status)) actions.push({ id: 'reject', action: null });
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
