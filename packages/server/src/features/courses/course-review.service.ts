import {
  COURSE_ACTIONS,
  COURSE_REJECT,
  allowedFrom,
  isCourseSwitch,
  type CourseAction,
  type CourseRejectBody,
  type CourseStatus,
  type CourseSummary,
  type CourseSwitch,
  type SwitchTarget,
} from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Localized } from '../../lib/localize.ts';
import { queueCourseReturnedMail } from '../mail/mail.service.ts';
import { coursesMessages } from './courses.messages.ts';
import { isAdmin, isStaffOf } from './course-access.service.ts';
import {
  findOwnerForMail,
  lockCourseState,
  recordEvent,
  statusBeforeArchive,
  updateCourseRow,
  type CourseState,
} from './courses.repository.ts';

/** A move the course's status does not allow, said in `message`. */
export const conflictWith = (message: Localized) => new AppError(409, 'INVALID_TRANSITION', message);

export interface ActionResult {
  message: Localized;
  data: Pick<CourseSummary, 'status' | 'isAvailable' | 'enableEditing'>;
}

/** What a review step makes of a course, and what its answer says. */
interface Outcome extends ActionResult {
  /** The reviewer's note written beside (a rejection's, or none once approved: decision 206). */
  note?: { reviewNote: string | null; reviewNoteBy: string | null; reviewNoteAt: SQL | null };
  /** A switch asked for the state the course is in (decision 098): nothing written, nothing recorded. */
  unchanged?: boolean;
}

interface Step {
  /** Its statuses and the word its audit event records: `COURSE_ACTIONS[action]` or `COURSE_REJECT`. */
  rule: { path: string; from: readonly CourseStatus[] };
  /** Whether the actor may take it; anyone else is told the course does not exist. */
  mayTake: (state: CourseState) => boolean;
  /**
   * The 409's words for a status `rule.from` leaves out; the actions every status allows have none.
   * The status is checked for every step all the same, so an action added without words is refused
   * in general terms rather than allowed from any status.
   */
  refusal?: Localized;
  outcome: (state: CourseState) => Outcome | Promise<Outcome>;
}

/**
 * One review step in the caller's transaction, under the course's row lock (so two administrators
 * cannot both approve, and a toggle never loses an update): refused as the admin table's menu would
 * not offer it (the statuses are shared with it), then the course written and the step added to its
 * audit trail.
 */
async function transition(tx: Tx, actor: AuthUser, courseId: string, step: Step): Promise<ActionResult> {
  const state = await lockCourseState(tx, courseId);
  if (!state || !step.mayTake(state)) throw notFound(coursesMessages.courseNotFound);
  if (!allowedFrom(step.rule.from, state.status))
    throw conflictWith(step.refusal ?? coursesMessages.notAllowedInStatus);
  const { message, data, note, unchanged } = await step.outcome(state);
  if (unchanged) return { message, data };
  await updateCourseRow(tx, courseId, { ...data, ...note });
  await recordEvent(tx, {
    courseId,
    actorId: actor.id,
    action: step.rule.path,
    fromStatus: state.status,
    toStatus: data.status,
  });
  return { message, data };
}

/** Why an action is refused in a status its `from` leaves out (archive and editing: every status allows them). */
const REFUSALS: Partial<Record<CourseAction, Localized>> = {
  approve: coursesMessages.onlyPendingCanBeApproved,
  revoke: coursesMessages.onlyApprovedCanBeRevoked,
  toggleAvailable: coursesMessages.onlyApprovedAvailability,
};

/**
 * Applies one review action. Route guards already limited all but `archive` to administrators;
 * archive is also allowed to the owner. A switching action given `to` (decision 098) leaves a course
 * already in that state as it is: nothing written, nothing recorded.
 */
export function applyCourseAction(
  db: Db,
  actor: AuthUser,
  courseId: string,
  action: CourseAction,
  to?: SwitchTarget,
): Promise<ActionResult> {
  return db.transaction((tx) =>
    transition(tx, actor, courseId, {
      rule: COURSE_ACTIONS[action],
      // Archiving is the owner's too; every other action is an administrator's.
      mayTake: (state) => (action === 'archive' ? isStaffOf(actor, state) : isAdmin(actor)),
      refusal: REFUSALS[action],
      outcome: (state) => actionOutcome(tx, action, state, to),
    }),
  );
}

async function actionOutcome(
  tx: Tx,
  action: CourseAction,
  state: CourseState,
  to: SwitchTarget | undefined,
): Promise<Outcome> {
  const data = { status: state.status, isAvailable: state.isAvailable, enableEditing: state.enableEditing };
  if (to !== undefined && isCourseSwitch(action) && switchedOn(action, state) === (to === 'on'))
    return { message: switchMessage(action, to === 'on'), data, unchanged: true };
  switch (action) {
    case 'approve':
      // The review is over: a note from an earlier rejection has been answered (decision 206).
      return {
        message: coursesMessages.approved,
        data: { ...data, status: 'Approved' },
        note: { reviewNote: null, reviewNoteBy: null, reviewNoteAt: null },
      };
    case 'revoke':
      return { message: coursesMessages.revoked, data: { ...data, status: 'Pending' } };
    case 'archive': {
      if (state.status !== 'Archived')
        return { message: switchMessage(action, true), data: { ...data, status: 'Archived' } };
      // A draft goes back to being a draft; anything else is reviewed again.
      const status = (await statusBeforeArchive(tx, state.id)) === 'Draft' ? 'Draft' : 'Pending';
      // Said as the revoke says it: the course is out of the catalogue until approved again.
      const message =
        status === 'Pending' ? coursesMessages.unarchivedForReview : switchMessage(action, false);
      return { message, data: { ...data, status } };
    }
    case 'toggleAvailable':
      return {
        message: switchMessage(action, !state.isAvailable),
        data: { ...data, isAvailable: !state.isAvailable },
      };
    case 'toggleEditing':
      return {
        message: switchMessage(action, !state.enableEditing),
        data: { ...data, enableEditing: !state.enableEditing },
      };
  }
}

/** Whether a switching action's thing is on for a course (archived, available, editable). */
function switchedOn(action: CourseSwitch, state: CourseState) {
  if (action === 'archive') return state.status === 'Archived';
  return action === 'toggleAvailable' ? state.isAvailable : state.enableEditing;
}

/** What a switching action's answer says of the course as it now is. */
function switchMessage(action: CourseSwitch, on: boolean): Localized {
  if (action === 'archive') return on ? coursesMessages.archived : coursesMessages.unarchived;
  if (action === 'toggleAvailable')
    return on ? coursesMessages.madeAvailable : coursesMessages.madeUnavailable;
  return on ? coursesMessages.editingEnabled : coursesMessages.editingDisabled;
}

/**
 * Sends a pending course back to its owner with a note (decision 206): Pending → Rejected, the note
 * stored with who wrote it and when (replacing an earlier one), editing allowed again (the owner is to
 * act on the note, a course locked while Pending included), and the owner's e-mail queued in the same
 * transaction (the outbox sends it after the commit, and retries while the mail server is away: the
 * action never waits for it). Administrators only (the route's guard; anyone else is told the course
 * does not exist, as for the other actions). Resolves with whether a mail was queued, for the caller
 * to wake the outbox.
 */
export function rejectCourse(
  db: Db,
  appUrl: string,
  actor: AuthUser,
  courseId: string,
  body: CourseRejectBody,
): Promise<ActionResult & { mailed: boolean }> {
  return db.transaction(async (tx) => {
    const result = await transition(tx, actor, courseId, {
      rule: COURSE_REJECT,
      mayTake: () => isAdmin(actor),
      refusal: coursesMessages.onlyPendingCanBeRejected,
      outcome: (state) => ({
        message: coursesMessages.rejected,
        // Editing is allowed again, even if it was disabled while Pending: the author is asked to act
        // on the note, and the dialog, the note and the mail all say they can.
        data: { status: 'Rejected', isAvailable: state.isAvailable, enableEditing: true },
        // The database's clock, as `updatedAt` beside it.
        note: { reviewNote: body.reason, reviewNoteBy: actor.id, reviewNoteAt: sql`now()` },
      }),
    });
    return { ...result, mailed: await queueReturnedMail(tx, appUrl, courseId, body.reason) };
  });
}

/** Queues the owner's "returned with a note" mail; false when there is no one to mail. */
async function queueReturnedMail(tx: Tx, appUrl: string, courseId: string, note: string): Promise<boolean> {
  const owner = await findOwnerForMail(tx, courseId);
  // A deactivated account reads nothing; its course keeps the note for when it is back.
  if (owner === null || !owner.isActive) return false;
  const lang = owner.preferredLanguage;
  const link = new URL('/contributor/dashboard', appUrl);
  link.searchParams.set('edit', courseId);
  link.searchParams.set('lang', lang);
  await queueCourseReturnedMail(tx, {
    to: owner.email,
    lang,
    name: owner.verified ? owner.firstname : null,
    title: (lang === 'ar' && owner.titleTr) || owner.title,
    note,
    link: link.toString(),
  });
  return true;
}
