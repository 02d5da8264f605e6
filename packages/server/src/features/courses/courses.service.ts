import {
  courseInputSchema,
  unwrapCourseBody,
  type Course,
  type CourseInput,
  type CourseStatus,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { AppError, notFound, parseOrThrow } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import type { Localized } from '../../lib/localize.ts';
import type { MultipartForm } from '../../lib/multipart.ts';
import { isTransactionConflict } from '../../db/availability.ts';
import { checkCover, storeFile } from '../files/files.service.ts';
import { coursesMessages } from './courses.messages.ts';
import { courseContentColumns, resolveSections } from './course-tree.ts';
import { writeSections } from './course-sections.repository.ts';
import { editVerdict, viewVerdict } from './course-access.service.ts';
import { conflictWith } from './course-review.service.ts';
import { fullCourse } from './course-views.service.ts';
import {
  deleteFileIfUnreferenced,
  findCourseState,
  courseIdByCreationKey,
  insertCourse,
  lockCourseState,
  recordEvent,
  updateCourseRow,
  type CourseState,
} from './courses.repository.ts';

/**
 * A course save's form as the save reads it: its cover's bytes, and its `body` field parsed as JSON
 * once, by `readCourseForm`, for both the route (which charges its rows from it before it is checked,
 * decision 209) and the save (`parseCourseBody`).
 */
export interface CourseForm {
  file: MultipartForm['file'];
  /** The `body` field's JSON value; undefined when the form has none, `NOT_JSON` when it is not JSON. */
  body: unknown;
}

/** A `body` field that is not JSON: refused by the save (400 `INVALID_JSON`) unwritten. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The multipart form of a course save, its `body` field parsed as JSON: the only time it is parsed. */
export function readCourseForm(form: MultipartForm): CourseForm {
  const raw = form.fields.body;
  let body: unknown = undefined;
  if (raw !== undefined) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = NOT_JSON;
    }
  }
  return { file: form.file, body };
}

/** The `body` field's JSON (possibly the Draft form's `{newData, status}`), through the schema. */
export function parseCourseBody(body: unknown): CourseInput {
  if (body === NOT_JSON) throw new AppError(400, 'INVALID_JSON', common.invalidJson);
  // Field paths are reported as the contract shows them (`coursesection.0.title`); a missing or
  // non-object `body` field is reported as `body` itself.
  return parseOrThrow(
    courseInputSchema,
    unwrapCourseBody(body),
    body && typeof body === 'object' ? '' : 'body',
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
  form: CourseForm,
  creationKey?: string,
): Promise<{ course: Course; message: Localized; replayed: boolean }> {
  const input = parseCourseBody(form.body);
  const cover = await checkCover(form.file, maxUploadBytes);
  // The author chooses only between a draft and submitting for review.
  const status: CourseStatus = input.status === 'Draft' ? 'Draft' : 'Pending';

  let replayed = false;
  const courseId = await db
    .transaction(async (tx) => {
      const sections = await resolveSections(tx, input, { ownerIds: [author.id], courseId: null });
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
  form: CourseForm,
  expected: readonly number[] | 'any' = 'any',
): Promise<{ course: Course; message: Localized }> {
  // Who may edit was answered before the body was read (`assertMayEditCourse`, the route's first
  // step): nothing about the payload is revealed to anyone else. Answered again below, under the lock.
  const input = parseCourseBody(form.body);
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
      const sections = await resolveSections(tx, input, { ownerIds: [state.createdBy, editor.id], courseId });
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
