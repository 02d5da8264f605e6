import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COURSE_ACTION_NAMES,
  courseActionPath,
  courseActionResponseSchema,
  courseRejectBodySchema,
  courseRejectPath,
  COURSE_SAVE_ROWS_MAX,
  courseSaveRows,
  courseSwitchQuerySchema,
  courseListResponseSchema,
  courseMutationResponseSchema,
  courseResponseSchema,
  contributorCoursesQuerySchema,
  courseSearchQuerySchema,
  courseTableQuerySchema,
  idParamSchema,
  myCoursesQuerySchema,
  type CourseAction,
} from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { perUserBytesPerMinute, perUserInFlight, perUserPerMinute } from '../../plugins/rate-limit.ts';
import { localize } from '../../lib/localize.ts';
import { AppError } from '../../lib/errors.ts';
import { readMultipartForm, registerUploads, type MultipartForm } from '../../lib/multipart.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { payloadOf } from '../../plugins/compression.ts';
import {
  allCoursesPage,
  cataloguePageJson,
  contributorCoursesPage,
  joinedCoursesPage,
} from './course-lists.service.ts';
import {
  assertMayEditCourse,
  courseForEditing,
  createCourse,
  NOT_JSON,
  readCourseForm,
  updateCourse,
  type CourseForm,
} from './courses.service.ts';
import { applyCourseAction, rejectCourse } from './course-review.service.ts';
import { coursesMessages } from './courses.messages.ts';

/**
 * The versions an `If-Match` header names (`"3"`; a weak `W/"3"` compares the same; a list such as
 * `"3", "4"` names each, and the save goes ahead when any is the course's: RFC 9110 §13.1.1), `'any'`
 * for `*` or no header (a save that names none overwrites, as before decision 128). A tag that can name
 * no version (`"abc"`, unquoted) names none, so it matches nothing.
 */
function expectedVersions(ifMatch: string | undefined): readonly number[] | 'any' {
  if (ifMatch === undefined || ifMatch.trim() === '*') return 'any';
  return [...ifMatch.matchAll(/(?:W\/)?"(\d{1,9})"/g)].map((tag) => Number(tag[1]));
}

/**
 * The `Idempotency-Key` of a creation (decision 153): visible ASCII, at most 255 characters (a UUID is
 * what the web app sends); none when absent. Anything else is refused (400), not ignored: ignored,
 * a client's tries again would each make a course while it believed them safe.
 */
function creationKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header === 'string' && /^[\x21-\x7e]{1,255}$/.test(header)) return header;
  throw new AppError(400, 'BAD_REQUEST', coursesMessages.invalidIdempotencyKey);
}

/**
 * The rows a save's `body` asks to write (decision 209), read from its JSON before the save checks it;
 * none when the form has no `body` or it is not JSON (the save refuses it unwritten). The save checks
 * the same parsed value (`readCourseForm`): the field is parsed once (~1 ms per 100 kB).
 */
function rowsOf(body: unknown): number {
  return body === undefined || body === NOT_JSON ? 0 : courseSaveRows(body);
}

const tags = ['courses'];
const security = [{ bearer: [] }];
/**
 * What one user's course saves (creations and edits together) may carry a minute, refused ones
 * included (decision 114): about fifteen saves of a course of 50 sections of 50 lessons, or over a
 * thousand of a small one. The web app saves only when the author presses a button (its autosave
 * keeps the form in the browser), so a real author stays far below it.
 */
export const COURSE_SAVE_BYTES_PER_USER_PER_MINUTE = 4_000_000;
/**
 * The rows one user's course saves may write a minute, refused ones included (decision 209): a save
 * writes the course's row and one per section and resource it sends, inserted or updated (and deletes
 * those it no longer sends), whatever its bytes: a 45 kB save of 500 new videos is 500 inserts and 500
 * deletes. Six saves a minute of the largest course (`COURSE_SAVE_ROWS_MAX`), hundreds of a small one.
 */
export const COURSE_SAVE_ROWS_PER_USER_PER_MINUTE = 3_000;
/** One user's course saves at a time on an instance: two of its database pool's ten connections. */
export const COURSE_SAVES_IN_FLIGHT_PER_USER = 2;

const multipartBody =
  'multipart/form-data: `file` (cover image, JPG or PNG) and `body` (the course as a JSON string; ' +
  'the Draft form may wrap it as `{newData, status:"Draft"}`). The course saves of one user (creations ' +
  `and edits together) may carry ${COURSE_SAVE_BYTES_PER_USER_PER_MINUTE / 1e6} MB a minute and ` +
  `${COURSE_SAVE_ROWS_PER_USER_PER_MINUTE} rows a minute (a save counts one for the course and one per ` +
  `section and resource it sends, at most ${COURSE_SAVE_ROWS_MAX}), ${COURSE_SAVES_IN_FLIGHT_PER_USER} at ` +
  'a time: past that, 429 `RATE_LIMITED` with `Retry-After`.';

/** Course catalogue, authoring and review (api.md "Courses"). */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  const { authenticate, requireRole } = app.guards;
  // One budget for both routes: an edit costs the database what a creation does.
  const saves = perUserBytesPerMinute(app, {
    name: 'course-saves',
    bytesPerMinute: COURSE_SAVE_BYTES_PER_USER_PER_MINUTE,
    // A request without a length counts as the largest save: a 1 MiB course and a cover.
    unknownSize: 1_048_576 + app.env.MAX_UPLOAD_BYTES,
    message: coursesMessages.tooMuchSaved,
  });
  const chargeRows = perUserPerMinute(app, {
    name: 'course-save-rows',
    perMinute: COURSE_SAVE_ROWS_PER_USER_PER_MINUTE,
    message: coursesMessages.tooManyRowsSaved,
  });
  /**
   * Charges a save's rows to its user and returns its form for the save, its `body` parsed once for
   * both: before the body is checked, so refused saves count too.
   */
  const chargeRowsOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    multipart: MultipartForm,
  ): Promise<CourseForm> => {
    const form = readCourseForm(multipart);
    await chargeRows(request, reply, rowsOf(form.body));
    return form;
  };
  const inFlight = perUserInFlight(COURSE_SAVES_IN_FLIGHT_PER_USER, coursesMessages.savesInProgress);

  app.get(
    '/course',
    {
      onRequest: requireRole('SuperAdmin'),
      schema: {
        tags,
        security,
        summary:
          'A page of all courses in the chosen order, optionally of one status; `q` searches titles, descriptions and author in both languages and the contributor’s name and e-mail (administrators)',
        querystring: courseTableQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request) => {
      const page = await allCoursesPage(
        app.db,
        app.caches,
        currentUser(request),
        request.query,
        request.lang,
      );
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/course/approved',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          'A page of approved and available courses, newest update first; `q` searches titles, descriptions and author in both languages',
        querystring: courseSearchQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request, reply) => {
      const { q = '', ...page } = request.query;
      const json = await cataloguePageJson(app.db, app.caches, currentUser(request).id, q, page);
      return sendJsonText(reply, payloadOf(reply, json)); // rendered from cached JSON fragments (decision 036)
    },
  );

  app.get(
    '/course/contributor/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          "A page of a contributor's courses except archived ones, newest update first; `q` searches titles, descriptions and author in both languages (that contributor or administrators)",
        params: idParamSchema,
        querystring: contributorCoursesQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const page = await contributorCoursesPage(app.db, app.caches, user, request.params.id, request.query);
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/user/courses',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          'A page of the courses the caller joined that they may study (approved, in the catalogue or taken out of it), most recently joined first, by offset or after a cursor (decisions 196, 202)',
        querystring: myCoursesQuerySchema,
        response: { 200: courseListResponseSchema },
      },
    },
    async (request) => {
      const page = await joinedCoursesPage(app.db, app.caches, currentUser(request), request.query);
      return { success: true as const, ...page };
    },
  );

  app.post(
    '/course/new',
    {
      onRequest: requireRole('Contributor', 'SuperAdmin'),
      preHandler: saves,
      schema: {
        tags,
        security,
        summary: 'Create a course (Pending, or Draft when asked)',
        description: multipartBody,
        consumes: ['multipart/form-data'],
        response: { 201: courseMutationResponseSchema },
      },
    },
    (request, reply) =>
      inFlight.run(request, reply, async () => {
        const form = await chargeRowsOf(request, reply, await readMultipartForm(request));
        const result = await createCourse(
          app.db,
          app.env.MAX_UPLOAD_BYTES,
          currentUser(request),
          form,
          creationKey(request.headers['idempotency-key']),
        );
        // Answer once this instance's caches have heard the change (decision 019).
        await app.caches.settle();
        return reply.status(201).send({
          success: true as const,
          message: localize(request.lang, result.message),
          data: { course: result.course, ...(result.replayed && { replayed: true as const }) },
        });
      }),
  );

  for (const action of COURSE_ACTION_NAMES) registerAction(action);

  function registerAction(action: CourseAction) {
    app.get(
      courseActionPath(action, ':id'),
      {
        // A GET that changes state (the contract's), so no HEAD twin: HEAD must be safe (RFC 9110 §9.3.2),
        // and link checkers send it. HEAD is answered 405 with `Allow: GET`.
        exposeHeadRoute: false,
        // Archive is the owner's too (ownership is checked in the service); the rest is review work.
        onRequest: action === 'archive' ? authenticate : requireRole('SuperAdmin'),
        schema: {
          tags,
          security,
          summary: ACTION_SUMMARIES[action],
          params: idParamSchema,
          // `?to=on|off`: the state asked for, not a flip (decision 098; approve and revoke ignore it).
          querystring: courseSwitchQuerySchema,
          response: { 200: courseActionResponseSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const result = await applyCourseAction(app.db, currentUser(request), id, action, request.query.to);
        await app.caches.settle();
        return { success: true as const, message: localize(request.lang, result.message), data: result.data };
      },
    );
  }

  app.post(
    courseRejectPath(':id'),
    {
      onRequest: requireRole('SuperAdmin'),
      schema: {
        tags,
        security,
        summary:
          'Send a pending course back to its author with a note: Pending → Rejected; the owner is e-mailed the note (administrators; decision 206)',
        description:
          'JSON `{ "reason": "…" }`: 1 to 1000 characters once trimmed, no control characters but line breaks and tabs. 409 `INVALID_TRANSITION` unless the course is Pending. The note is the course\'s `review_note` for its owner and the administrators until it is approved (which clears it) or sent back again (which replaces it).',
        params: idParamSchema,
        body: courseRejectBodySchema,
        response: { 200: courseActionResponseSchema },
      },
    },
    async (request) => {
      const result = await rejectCourse(
        app.db,
        app.env.APP_URL,
        currentUser(request),
        request.params.id,
        request.body,
      );
      if (result.mailed) app.outbox.kick();
      await app.caches.settle();
      return { success: true as const, message: localize(request.lang, result.message), data: result.data };
    },
  );

  app.get(
    '/course/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'A full course with quiz answers, for its edit form (owner or administrators)',
        params: idParamSchema,
        response: { 200: courseResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await courseForEditing(app.db, currentUser(request), request.params.id),
    }),
  );

  /** Who may edit, before the body is read; an id that is not one is left to the params' 400. */
  const mayEdit = async (request: FastifyRequest) => {
    const params = idParamSchema.safeParse(request.params);
    if (params.success) await assertMayEditCourse(app.db, currentUser(request), params.data.id);
  };

  app.patch(
    '/course/:id',
    {
      onRequest: [authenticate, mayEdit],
      preHandler: saves,
      schema: {
        tags,
        security,
        summary:
          'Edit a course, keeping the ids of what still exists (owner while editing is enabled, or administrators)',
        description: `${multipartBody} The cover is optional here.`,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: courseMutationResponseSchema },
      },
    },
    (request, reply) =>
      inFlight.run(request, reply, async () => {
        const form = await chargeRowsOf(request, reply, await readMultipartForm(request));
        const result = await updateCourse(
          app.db,
          app.env.MAX_UPLOAD_BYTES,
          currentUser(request),
          request.params.id,
          form,
          expectedVersions(request.headers['if-match']),
        );
        await app.caches.settle();
        return {
          success: true as const,
          message: localize(request.lang, result.message),
          data: { course: result.course },
        };
      }),
  );
};

const ACTION_SUMMARIES: Record<CourseAction, string> = {
  approve: 'Approve a pending course (administrators)',
  revoke: 'Revoke approval: Approved → Pending (administrators)',
  archive: 'Archive, or un-archive back to Draft/Pending (owner or administrators)',
  toggleAvailable: 'Show or hide an approved course from learners (administrators)',
  toggleEditing: "Allow or forbid the owner's edits (administrators)",
};
