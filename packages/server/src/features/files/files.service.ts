import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { API_PREFIX } from '@app/shared';
import { AppError } from '../../lib/errors.ts';
import { common } from '../../lib/common.messages.ts';
import type { Localized } from '../../lib/localize.ts';
import type { Db, Tx } from '../../db/client.ts';
import { filesMessages } from './files.messages.ts';
import {
  findFileForDownload,
  findFilesForCourse,
  insertFile,
  type FileForCourse,
} from './files.repository.ts';

export const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const COVER_TYPES = ['image/png', 'image/jpeg'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export interface CheckedUpload {
  contentType: UploadType;
  size: number;
  sha256: string;
  data: Buffer;
}

export interface UploadRules {
  allowed: readonly UploadType[];
  maxBytes: number;
  missing: Localized;
  unsupported: Localized;
}

/**
 * A PDF's header (ISO 32000 §7.5.2), first in the file. file-type takes any file that begins `%PDF`
 * for one; the web app's PDF field checks for these five bytes too (`file-checks.ts`).
 */
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');

/**
 * Accepts an upload only by what its bytes are (magic numbers), never by its name or declared type:
 * missing or empty → 400, too big → 413, anything but the allowed kinds → 415. A course takes only a
 * file stored as `application/pdf` as a PDF resource's (`course-tree.ts`).
 */
export async function checkUpload(data: Buffer | null, rules: UploadRules): Promise<CheckedUpload> {
  if (!data || data.length === 0) throw new AppError(400, 'FILE_REQUIRED', rules.missing);
  if (data.length > rules.maxBytes)
    throw new AppError(413, 'FILE_TOO_LARGE', common.fileTooLarge, { max: rules.maxBytes });
  const sniffed = await fileTypeFromBuffer(data);
  const contentType = rules.allowed.find((type) => type === sniffed?.mime);
  if (!contentType || (contentType === 'application/pdf' && !startsWith(data, PDF_HEADER)))
    throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', rules.unsupported);
  return { contentType, size: data.length, sha256: createHash('sha256').update(data).digest('hex'), data };
}

const startsWith = (data: Buffer, head: Buffer) =>
  data.length >= head.length && data.subarray(0, head.length).equals(head);

/** Public address of a stored file (what clients read as `secure_url` / `preview_image` / `file`). */
export const fileUrl = (id: string): string => `${API_PREFIX}/files/${id}`;

const FILE_PATH = new RegExp(
  `^${API_PREFIX}/files/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
  'i',
);

/**
 * The file id inside a `secure_url`. Accepts the relative URL we hand out, or the same path on an
 * absolute URL (a client may have resolved it against its origin). Null for anything else.
 */
export function fileIdFromUrl(value: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(value, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  return FILE_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/** A course cover: a JPG or PNG image within the upload limit. */
export function checkCover(file: Buffer | null, maxBytes: number): Promise<CheckedUpload> {
  return checkUpload(file, {
    allowed: COVER_TYPES,
    maxBytes,
    missing: filesMessages.coverRequired,
    unsupported: filesMessages.unsupportedCover,
  });
}

/** Stores a checked upload (inside the caller's transaction when given one); returns its id. */
export function storeFile(db: Db | Tx, ownerId: string, upload: CheckedUpload): Promise<string> {
  return insertFile(db, ownerId, upload);
}

/**
 * The given files as a course save sees them (decision 205; ids that do not exist are simply absent
 * from the map): each one's content type, and whether the course may point at it. Files are public by
 * id, so without this an author could put another author's upload in their own course: a file is the
 * course's to use when one of `ownerIds` uploaded it (the course's owner; an administrator editing
 * it, their own), or when the course `courseId` already points at it (an administrator's save of
 * someone's course keeps it). One statement, called in the transaction that will point at them: it
 * locks them against the files housekeeping until it ends (decision 114).
 */
export function filesForCourse(
  db: Db | Tx,
  ids: string[],
  ownerIds: string[],
  courseId: string | null,
): Promise<Map<string, FileForCourse>> {
  return findFilesForCourse(db, ids, ownerIds, courseId);
}

/** A stored file's bytes, type and hash (null when there is none). */
export function fileForDownload(db: Db, id: string) {
  return findFileForDownload(db, id);
}
