import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileUploadResponseSchema, idParamSchema } from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { filesMessages } from './files.messages.ts';
import { readMultipartForm, registerUploads } from '../../lib/multipart.ts';
import { requestedRange } from './byte-range.ts';
import { checkUpload, fileForDownload, fileUrl, storeFile, UPLOAD_TYPES } from './files.service.ts';

/** Uploaded files live in the database (architecture §1) and are served under unguessable ids. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);

  app.post(
    '/files',
    {
      preHandler: app.guards.requireRole('Contributor', 'SuperAdmin'),
      schema: {
        tags: ['files'],
        summary: 'Upload a PDF or image (multipart field `file`); checked by its bytes',
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

/** A file's bytes never change under its id: caches may keep them for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((value) => value.trim().replace(/^W\//, ''))
    .some((value) => value === etag || value === '*');
}
