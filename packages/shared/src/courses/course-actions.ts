import { COURSE_STATUSES, type CourseStatus } from '../common/constants.ts';

/**
 * The review actions of the contract (api.md "Courses"), one place for the server's routes and rules
 * and the admin table's menu (decision 029). Each is `GET /course/<path>/:id`; `from` lists the
 * statuses in which it may be applied: the server answers 409 otherwise, and the table does not offer
 * it. The path is also the word the course's audit trail records.
 */
export const COURSE_ACTIONS = {
  /** Pending → Approved. */
  approve: { path: 'approve', from: ['Pending'] },
  /** Approved → Pending: revokes the approval. */
  revoke: { path: 'pending', from: ['Approved'] },
  /** Archives, or brings an archived course back (to Draft if it was a draft, else Pending). */
  archive: { path: 'archive', from: COURSE_STATUSES },
  /** Shows or hides an approved course from learners. */
  toggleAvailable: { path: 'toggle-available', from: ['Approved'] },
  /** Allows or forbids the owner's edits. */
  toggleEditing: { path: 'toggle-editing', from: COURSE_STATUSES },
} as const satisfies Record<string, { path: string; from: readonly CourseStatus[] }>;

export type CourseAction = keyof typeof COURSE_ACTIONS;
export const COURSE_ACTION_NAMES = Object.keys(COURSE_ACTIONS) as CourseAction[];

/**
 * The actions that switch one thing of a course on or off (archived, available, editable). Each flips
 * it (the contract); with `?to=on` or `?to=off` it asks for that state instead, and a course already
 * in it is left as it is: a menu or form read before someone else's change then does what its label
 * said rather than the opposite (decision 098).
 */
export const COURSE_SWITCHES = [
  'archive',
  'toggleAvailable',
  'toggleEditing',
] as const satisfies readonly CourseAction[];
export type CourseSwitch = (typeof COURSE_SWITCHES)[number];
export type SwitchTarget = 'on' | 'off';
export const isCourseSwitch = (action: CourseAction): action is CourseSwitch =>
  (COURSE_SWITCHES as readonly CourseAction[]).includes(action);

/** Whether `action` may be applied to a course in `status`. */
export function courseActionAllowed(action: CourseAction, status: CourseStatus): boolean {
  const from: readonly CourseStatus[] = COURSE_ACTIONS[action].from;
  return from.includes(status);
}

/**
 * The API path of an action, under the API prefix: pass an encoded course id, or the route
 * parameter `:id` when registering the route.
 */
export const courseActionPath = (action: CourseAction, courseId: string, to?: SwitchTarget): string =>
  `/course/${COURSE_ACTIONS[action].path}/${courseId}${to ? `?to=${to}` : ''}`;
