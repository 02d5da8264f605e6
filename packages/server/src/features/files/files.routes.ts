import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileUploadResponseSchema, idParamSchema } from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { perUserBytesPerMinute } from '../../plugins/rate-limit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { filesMessages } from './files.messages.ts';
import { readMultipartForm, registerUploads } from '../../lib/multipart.ts';
import { requestedRange } from './byte-range.ts';
import { checkUpload, fileForDownload, fileUrl, storeFile, UPLOAD_TYPES } from './files.service.ts';

/**
 * What one user's uploads may carry a minute, in full-size files (decision 114): thirty of
 * `MAX_UPLOAD_BYTES`. The web app uploads a PDF when the author picks it, one request per file, so
 * an author picking one every two seconds stays within it; it bounds how fast one account can fill
 * the database with files no course uses (those are deleted a day later, `files.housekeeping.ts`).
 */
export const FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE = 30;

/** Uploaded files live in the database (architecture §1) and are served under unguessable ids. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);
  const uploads = perUserBytesPerMinute(app, {
    name: 'uploads',
    bytesPerMinute: FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE * app.env.MAX_UPLOAD_BYTES,
    unknownSize: app.env.MAX_UPLOAD_BYTES,
    message: filesMessages.tooManyUploads,
  });

  app.post(
    '/files',
    {
      onRequest: app.guards.requireRole('Contributor', 'SuperAdmin'),
      preHandler: uploads,
      schema: {
        tags: ['files'],
        summary: 'Upload a PDF or image (multipart field `file`); checked by its bytes',
        description:
          `One user's uploads may carry ${FULL_SIZE_UPLOADS_PER_USER_PER_MINUTE} full-size files a minute ` +
          '(past that, 429 `RATE_LIMITED` with `Retry-After`). A file that no course uses a day after its ' +
          'upload is deleted.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: fileUploadResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const form = await readMultipartForm(request);
      const upload = await checkUpload(form.file, {
        allowed: UPLOAD_TYPES,
        maxBytes: app.env.MAX_UPLOAD_BYTES,
        missing: filesMessages.fileRequired,
        unsupported: filesMessages.unsupportedUpload,
      });
      const id = await storeFile(app.db, user.id, upload);
      return reply.status(201).send({
        success: true as const,
        data: { _id: id, secure_url: fileUrl(id), content_type: upload.contentType, size: upload.size },
      });
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary:
          'Download a stored file, whole or one byte range (public: ids are unguessable; immutable, cached by ETag)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const file = await fileForDownload(app.db, request.params.id);
      if (!file) throw notFound(filesMessages.fileNotFound);
      const etag = `"${file.sha256}"`;
      void reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
      // Before the 304 too: a 304's headers update the cached copy's (decision 136).
      if (file.contentType !== 'application/pdf') void reply.header('content-security-policy', SANDBOX);
      // If-None-Match comes before Range (RFC 9110 §13.2.2): a cached copy needs no part of it.
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.header('etag', etag).header('cache-control', IMMUTABLE).status(304).send();
      }
      const { range, 'if-range': ifRange } = request.headers;
      const part = requestedRange(range, ifRange, file.data.length, etag);
      if (part.kind === 'unsatisfiable') {
        void reply.header('content-range', `bytes */${file.data.length}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', filesMessages.rangeNotSatisfiable);
      }
      void reply.header('etag', etag).header('cache-control', IMMUTABLE).type(file.contentType);
      if (file.contentType === 'application/pdf') void reply.header('content-disposition', 'inline');
      if (part.kind === 'whole') return reply.send(file.data);
      return reply
        .status(206)
        .header('content-range', `bytes ${part.start}-${part.end}/${file.data.length}`)
        .send(file.data.subarray(part.start, part.end + 1));
    },
  );
};

/**
 * An image opened at its own address is a document of our origin: `sandbox` gives it an opaque origin
 * that runs no script, whatever a browser may one day make of its bytes (decision 136; they are
 * checked at upload and served as their type with `nosniff`, so no HTML or SVG is served). Not on
 * PDFs: Safari, and older Chrome in reports, show no PDF in a sandboxed document (the author's "View
 * Pdf" frame and its "open in a new tab" link would go blank; Chromium 156 shows it), and the
 * browsers' PDF viewers run a PDF's scripts outside the page's origin anyway. Replaces the page's
 * policy, which governs no image.
 */
const SANDBOX = 'sandbox';

/** A file's bytes never change under its id: caches may keep them for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((value) => value.trim().replace(/^W\//, ''))
    .some((value) => value === etag || value === '*');
}
