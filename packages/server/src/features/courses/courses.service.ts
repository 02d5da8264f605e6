import {
  COURSE_ACTIONS,
  COURSE_REJECT,
  courseRejectAllowed,
  type CourseRejectBody,
  isCourseSwitch,
  type CourseSwitch,
  type SwitchTarget,
  courseActionAllowed,
  courseInputSchema,
  unwrapCourseBody,
  type Course,
  type CourseAction,
  type CourseInput,
  type CourseStatus,
  type CourseSummary,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { AppError, notFound, parseOrThrow } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import type { Localized } from '../../lib/localize.ts';
import type { MultipartForm } from '../../lib/multipart.ts';
import { isTransactionConflict } from '../../db/availability.ts';
import { checkCover, storeFile } from '../files/files.service.ts';
import { queueCourseReturnedMail } from '../mail/mail.service.ts';
import { coursesMessages } from './courses.messages.ts';
import { checkFileUsers, courseContentColumns, resolveSections } from './course-tree.ts';
import { writeSections } from './course-sections.repository.ts';
import { editVerdict, isAdmin, isStaffOf, viewVerdict } from './course-access.service.ts';
import { fullCourse } from './course-views.service.ts';
import {
  deleteFileIfUnreferenced,
  findCourseState,
  findOwnerForMail,
  courseIdByCreationKey,
  insertCourse,
  statusBeforeArchive,
  lockCourseState,
  recordEvent,
  updateCourseRow,
  type CourseState,
} from './courses.repository.ts';

/** The multipart `body` field: JSON (possibly the Draft form's `{newData, status}`), then the schema. */
export function parseCourseBody(raw: string | undefined): CourseInput {
  let value: unknown = undefined;
  if (raw !== undefined) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'INVALID_JSON', common.invalidJson);
    }
  }
  // Field paths are reported as the contract shows them (`coursesection.0.title`); a missing or
  // non-object `body` field is reported as `body` itself.
  return parseOrThrow(
    courseInputSchema,
    unwrapCourseBody(value),
    value && typeof value === 'object' ? '' : 'body',
  );
}

/** GET /course/:id: only the owner or an administrator; anyone else is told it does not exist. */
export async function courseForEditing(db: Db, viewer: AuthUser, courseId: string): Promise<Course> {
  if (viewVerdict(viewer, await findCourseState(db, courseId)) === 'hidden')
    throw notFound(coursesMessages.courseNotFound);
  return (await fullCourse(db, viewer.id, courseId))!;
}

/** A creation whose `Idempotency-Key` is already on one of its author's courses (decision 153). */
class SentBefore extends Error {}

/**
 * Creates a course. With `creationKey` (the request's `Idempotency-Key`), a creation its author sent
 * before with the same key (its answer lost: a cut connection, a 503 after the commit) answers that
 * course as it is now instead of making a second one (decision 153), and says so (`replayed`): that
 * try's own content was not stored (decision 154).
 */
export async function createCourse(
  db: Db,
  maxUploadBytes: number,
  author: AuthUser,
  form: MultipartForm,
  creationKey?: string,
): Promise<{ course: Course; message: Localized; replayed: boolean }> {
  const input = parseCourseBody(form.fields.body);
  const cover = await checkCover(form.file, maxUploadBytes);
  // The author chooses only between a draft and submitting for review.
  const status: CourseStatus = input.status === 'Draft' ? 'Draft' : 'Pending';

  let replayed = false;
  const courseId = await db
    .transaction(async (tx) => {
      const sections = await resolveSections(tx, input);
      await checkFileUsers(tx, sections, { ownerIds: [author.id], courseId: null });
      const coverId = await storeFile(tx, author.id, cover);
      const courseId = await insertCourse(tx, {
        ...courseContentColumns(input),
        status,
        previewFileId: coverId,
        createdBy: author.id,
        creationKey,
      });
      if (!courseId) throw new SentBefore(); // undoes the cover stored above
      await writeSections(tx, courseId, sections);
      await recordEvent(tx, {
        courseId,
        actorId: author.id,
        action: 'create',
        fromStatus: null,
        toStatus: status,
      });
      return courseId;
    })
    .catch(async (error: unknown) => {
      // Sent before with this key (its answer lost), or twice at once: the course that one made.
      if (!(error instanceof SentBefore)) throw error;
      replayed = true;
      return (await courseIdByCreationKey(db, author.id, creationKey!))!;
    });
  return {
    course: (await fullCourse(db, author.id, courseId))!,
    message: status === 'Draft' ? coursesMessages.savedAsDraft : coursesMessages.created,
    replayed,
  };
}

/** Who may edit is the access policy's call; anyone who may not see the course is told it does not exist. */
function assertMayEdit(user: AuthUser, state: CourseState | null): asserts state is CourseState {
  const verdict = editVerdict(user, state);
  if (verdict === 'hidden') throw notFound(coursesMessages.courseNotFound);
  if (verdict === 'locked') throw new AppError(403, 'EDITING_LOCKED', coursesMessages.editingLocked);
}

/**
 * PATCH /course/:id's first step, before its body is read (its content type, its parts): anyone who
 * may not edit the course gets the 404 or 403 a well-formed edit would get, not a 415 or 400 about a
 * body that was never theirs to send.
 */
export async function assertMayEditCourse(db: Db, editor: AuthUser, courseId: string): Promise<void> {
  assertMayEdit(editor, await findCourseState(db, courseId));
}

export async function updateCourse(
  db: Db,
  maxUploadBytes: number,
  editor: AuthUser,
  courseId: string,
  form: MultipartForm,
  expected: readonly number[] | 'any' = 'any',
): Promise<{ course: Course; message: Localized }> {
  // Who may edit was answered before the body was read (`assertMayEditCourse`, the route's first
  // step): nothing about the payload is revealed to anyone else. Answered again below, under the lock.
  const input = parseCourseBody(form.fields.body);
  const cover = form.file ? await checkCover(form.file, maxUploadBytes) : null;

  // Run again if it lost a race with another transaction (decision 113): the author's edit is kept.
  const submitted = await runAgainOnConflict(() =>
    db.transaction(async (tx) => {
      const state = await lockCourseState(tx, courseId);
      assertMayEdit(editor, state); // again under the lock: the flags may have changed meanwhile
      // Another save since the editor opened the course: refused rather than silently undone.
      if (expected !== 'any' && !expected.includes(state.contentVersion))
        throw new AppError(412, 'COURSE_CHANGED', coursesMessages.changedMeanwhile);
      // The status is kept; the one move an author makes here is submitting a draft for review. A form
      // opened on the draft before it was archived (deleted, to its author) asks for a move the course no
      // longer allows: refused whole, rather than saved into the archive under "Course updated".
      const owner = state.createdBy === editor.id;
      if (owner && state.status === 'Archived' && input.status === 'Pending')
        throw conflictWith(coursesMessages.archivedMeanwhile);
      // A course sent back with a note (decision 206) is submitted again the same way; its note stays
      // for the reviewer to read until they decide again.
      const submit =
        owner && (state.status === 'Draft' || state.status === 'Rejected') && input.status === 'Pending';
      const status: CourseStatus = submit ? 'Pending' : state.status;
      const sections = await resolveSections(tx, input);
      await checkFileUsers(tx, sections, { ownerIds: [state.createdBy, editor.id], courseId });
      const coverId = cover ? await storeFile(tx, editor.id, cover) : state.previewFileId;
      await updateCourseRow(tx, courseId, {
        ...courseContentColumns(input),
        status,
        previewFileId: coverId,
        contentVersion: state.contentVersion + 1,
      });
      await writeSections(tx, courseId, sections);
      // A replaced cover is removed unless something else still points at it.
      if (cover && state.previewFileId) await deleteFileIfUnreferenced(tx, state.previewFileId);
      await recordEvent(tx, {
        courseId,
        actorId: editor.id,
        action: submit ? 'submit' : 'edit',
        fromStatus: state.status,
        toStatus: status,
      });
      return submit;
    }),
  );
  return {
    course: (await fullCourse(db, editor.id, courseId))!,
    message: submitted ? coursesMessages.submitted : coursesMessages.updated,
  };
}

/** How many times an edit runs at most when it loses a race with another transaction. */
const EDIT_RUNS = 3;

/**
 * Runs `run` (a whole transaction) again when the database rolled it back as the loser of a deadlock
 * or a serialization failure, at most `EDIT_RUNS` times: nothing of it was kept, and the other
 * transaction has gone on, so the next run usually passes (decision 113). Anything else is thrown.
 */
async function runAgainOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let runs = 1; ; runs++) {
    try {
      return await run();
    } catch (error) {
      if (runs >= EDIT_RUNS || !isTransactionConflict(error)) throw error;
    }
  }
}

// ---------- review actions ----------

export interface ActionResult {
  message: Localized;
  data: Pick<CourseSummary, 'status' | 'isAvailable' | 'enableEditing'>;
}

/** Whether a switching action's thing is on for a course (archived, available, editable). */
function switchedOn(
  action: CourseSwitch,
  state: { status: string; isAvailable: boolean; enableEditing: boolean },
) {
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
 * Applies one review action under a row lock (so two admins cannot both approve, and a toggle never
 * loses an update), and writes it to the course's audit trail. Route guards already limited all but
 * `archive` to administrators; archive is also allowed to the owner. A switching action given `to`
 * (decision 098) leaves a course already in that state as it is: nothing written, nothing recorded.
 */
export async function applyCourseAction(
  db: Db,
  actor: AuthUser,
  courseId: string,
  action: CourseAction,
  to?: SwitchTarget,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const state = await lockCourseState(tx, courseId);
    // Archiving is the owner's too; every other action is an administrator's.
    if (!state || !(action === 'archive' ? isStaffOf(actor, state) : isAdmin(actor)))
      throw notFound(coursesMessages.courseNotFound);

    // Which statuses allow which action is shared with the admin table's menu.
    const allowed = courseActionAllowed(action, state.status);
    const next = { status: state.status, isAvailable: state.isAvailable, enableEditing: state.enableEditing };
    if (allowed && to !== undefined && isCourseSwitch(action) && switchedOn(action, state) === (to === 'on'))
      return { message: switchMessage(action, to === 'on'), data: next };
    let message: Localized;
    let clearsNote = false;
    switch (action) {
      case 'approve':
        if (!allowed) throw conflictWith(coursesMessages.onlyPendingCanBeApproved);
        next.status = 'Approved';
        message = coursesMessages.approved;
        // The review is over: a note from an earlier rejection has been answered (decision 206).
        clearsNote = true;
        break;
      case 'revoke':
        if (!allowed) throw conflictWith(coursesMessages.onlyApprovedCanBeRevoked);
        next.status = 'Pending';
        message = coursesMessages.revoked;
        break;
      case 'archive':
        if (state.status === 'Archived') {
          // A draft goes back to being a draft; anything else is reviewed again.
          next.status = (await statusBeforeArchive(tx, courseId)) === 'Draft' ? 'Draft' : 'Pending';
          // Said as the revoke says it: the course is out of the catalogue until approved again.
          message =
            next.status === 'Pending' ? coursesMessages.unarchivedForReview : switchMessage(action, false);
        } else {
          next.status = 'Archived';
          message = switchMessage(action, true);
        }
        break;
      case 'toggleAvailable':
        if (!allowed) throw conflictWith(coursesMessages.onlyApprovedAvailability);
        next.isAvailable = !state.isAvailable;
        message = switchMessage(action, next.isAvailable);
        break;
      case 'toggleEditing':
        next.enableEditing = !state.enableEditing;
        message = switchMessage(action, next.enableEditing);
        break;
    }
    await updateCourseRow(
      tx,
      courseId,
      clearsNote ? { ...next, reviewNote: null, reviewNoteBy: null, reviewNoteAt: null } : next,
    );
    await recordEvent(tx, {
      courseId,
      actorId: actor.id,
      action: COURSE_ACTIONS[action].path,
      fromStatus: state.status,
      toStatus: next.status,
    });
    return { message, data: next };
  });
}

/**
 * Sends a pending course back to its owner with a note (decision 206): Pending → Rejected under the
 * row lock, the note stored with who wrote it and when (replacing an earlier one), the audit trail's
 * `reject`, editing allowed again (the owner is to act on the note, a course locked while Pending
 * included), and the owner's e-mail queued in the same transaction (the outbox sends it after the
 * commit, and retries while the mail server is away: the action never waits for it). Administrators
 * only (the route's guard; anyone else is told the course does not exist, as for the other actions).
 * Resolves with whether a mail was queued, for the caller to wake the outbox.
 */
export async function rejectCourse(
  db: Db,
  appUrl: string,
  actor: AuthUser,
  courseId: string,
  body: CourseRejectBody,
): Promise<ActionResult & { mailed: boolean }> {
  return db.transaction(async (tx) => {
    const state = await lockCourseState(tx, courseId);
    if (!state || !isAdmin(actor)) throw notFound(coursesMessages.courseNotFound);
    if (!courseRejectAllowed(state.status)) throw conflictWith(coursesMessages.onlyPendingCanBeRejected);
    // Editing is allowed again, even if it was disabled while Pending: the author is asked to act on
    // the note, and the dialog, the note and the mail all say they can.
    const next = { status: 'Rejected' as const, isAvailable: state.isAvailable, enableEditing: true };
    await updateCourseRow(tx, courseId, {
      ...next,
      reviewNote: body.reason,
      reviewNoteBy: actor.id,
      // The database's clock, as `updatedAt` beside it.
      reviewNoteAt: sql`now()`,
    });
    await recordEvent(tx, {
      courseId,
      actorId: actor.id,
      action: COURSE_REJECT.path,
      fromStatus: state.status,
      toStatus: next.status,
    });
    const owner = await findOwnerForMail(tx, courseId);
    // A deactivated account reads nothing; its course keeps the note for when it is back.
    const mailed = owner !== null && owner.isActive;
    if (mailed) {
      const lang = owner.preferredLanguage;
      const link = new URL('/contributor/dashboard', appUrl);
      link.searchParams.set('edit', courseId);
      link.searchParams.set('lang', lang);
      await queueCourseReturnedMail(tx, {
        to: owner.email,
        lang,
        name: owner.verified ? owner.firstname : null,
        title: (lang === 'ar' && owner.titleTr) || owner.title,
        note: body.reason,
        link: link.toString(),
      });
    }
    return { message: coursesMessages.rejected, data: next, mailed };
  });
}

const conflictWith = (message: Localized) => new AppError(409, 'INVALID_TRANSITION', message);
