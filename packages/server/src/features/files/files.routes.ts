import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileUploadResponseSchema, idParamSchema } from '@app/shared';
import { currentUser } from '../../plugins/authenticate.ts';
import { notFound } from '../../lib/errors.ts';
import { filesMessages } from './files.messages.ts';
import { readMultipartForm, registerUploads } from '../../lib/multipart.ts';
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
        summary: 'Download a stored file (public: ids are unguessable; immutable, cached by ETag)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const file = await fileForDownload(app.db, request.params.id);
      if (!file) throw notFound(filesMessages.fileNotFound);
      const etag = `"${file.sha256}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      if (file.contentType === 'application/pdf') void reply.header('content-disposition', 'inline');
      return reply.type(file.contentType).send(file.data);
    },
  );
};

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((value) => value.trim().replace(/^W\//, ''))
    .some((value) => value === etag || value === '*');
}
