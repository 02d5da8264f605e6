import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from './errors.ts';
import { common } from './common.messages.ts';

/**
 * Registers multipart parsing in the calling plugin's scope only (uploads are accepted by the routes
 * that expect them, nowhere else). Oversized files abort with 413 while streaming, before we buffer them.
 */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: app.env.MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });
}

export interface MultipartForm {
  /**
   * The bytes of the part named `file`, or null when the request has none, or only what an HTML
   * form sends for a file input left empty: a part with no bytes and an empty file name.
   */
  file: Buffer | null;
  fields: Record<string, string>;
}

/**
 * Reads a whole (small) multipart request: the `file` part into memory, text fields as strings.
 * A body the parser cannot read (no or empty boundary, cut off, malformed part headers) is the
 * client's mistake: 400, not the parser's plain Error surfacing as a 500.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', common.notMultipart);
  try {
    return await readParts(request);
  } catch (error) {
    if (error instanceof AppError || hasStatus(error)) throw error;
    throw new AppError(400, 'BAD_REQUEST', common.badMultipart);
  }
}

async function readParts(request: FastifyRequest): Promise<MultipartForm> {
  const form: MultipartForm = { file: null, fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Every file stream must be drained, or the iterator never ends.
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') form.file = bytes.length === 0 && !part.filename ? null : bytes;
      continue;
    }
    // A text field over busboy's size limit: the request is too large, not its file.
    if (part.valueTruncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', common.payloadTooLarge);
    // A field sent twice would leave which one counts to the order of the parts: refused.
    if (Object.hasOwn(form.fields, part.fieldname))
      throw new AppError(400, 'BAD_REQUEST', common.extraFormParts);
    form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  return form;
}

/** @fastify/multipart's own errors (limits, prototype keys) carry a 4xx status; the handler maps them. */
const hasStatus = (error: unknown): boolean =>
  typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number';
