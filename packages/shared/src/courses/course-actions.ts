import { z } from 'zod';
import { COURSE_STATUSES, type CourseStatus } from '../common/constants.ts';
import { text } from './fields.ts';

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

/** Whether a course in `status` is in one of an action's `from` statuses (the actions and the rejection). */
export const allowedFrom = (from: readonly CourseStatus[], status: CourseStatus): boolean =>
  from.includes(status);

/** Whether `action` may be applied to a course in `status`. */
export const courseActionAllowed = (action: CourseAction, status: CourseStatus): boolean =>
  allowedFrom(COURSE_ACTIONS[action].from, status);

/**
 * The API path of an action, under the API prefix: pass an encoded course id, or the route
 * parameter `:id` when registering the route.
 */
export const courseActionPath = (action: CourseAction, courseId: string, to?: SwitchTarget): string =>
  `/course/${COURSE_ACTIONS[action].path}/${courseId}${to ? `?to=${to}` : ''}`;

/**
 * Sending a pending course back to its author with a note (decision 206). Not one of the contract's
 * `GET` actions above: it carries a body, so it is `POST /course/reject/:id` with `{ "reason": "…" }`,
 * an administrator's only, from Pending alone (409 otherwise). Pending → Rejected; the note stays on
 * the course, seen by its owner and staff, until the next review decision (approve clears it, another
 * rejection replaces it); the owner submits the course again as they submit a draft. Rejecting also
 * allows the owner's edits again (a course locked while Pending included): the note asks for changes.
 */
export const COURSE_REJECT = { path: 'reject', from: ['Pending'] } as const satisfies {
  path: string;
  from: readonly CourseStatus[];
};

export const courseRejectAllowed = (status: CourseStatus): boolean => allowedFrom(COURSE_REJECT.from, status);

/** The API path of the rejection, under the API prefix: an encoded course id, or `:id`. */
export const courseRejectPath = (courseId: string): string => `/course/${COURSE_REJECT.path}/${courseId}`;

/** The longest reviewer's note, in characters (decision 206). */
export const REVIEW_NOTE_MAX = 1000;

/** The reviewer's note: required, 1–1000 characters once trimmed, no control characters (line breaks are fine). */
export const courseRejectBodySchema = z.object({ reason: text(REVIEW_NOTE_MAX) });
export type CourseRejectBody = z.infer<typeof courseRejectBodySchema>;

/**
 * The note on a course sent back (`review_note` of a course as its owner and the administrators read
 * it: never in the catalogue, the learner's views or the public pages). `at` is when it was written.
 */
export const reviewNoteSchema = z.object({ reason: z.string(), at: z.string() });
export type ReviewNote = z.infer<typeof reviewNoteSchema>;
