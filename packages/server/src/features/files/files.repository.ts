import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courses, files, resources } from '../../db/schema.ts';
import type { CheckedUpload } from './files.service.ts';

export async function insertFile(db: Db | Tx, ownerId: string, upload: CheckedUpload): Promise<string> {
  const [row] = await db
    .insert(files)
    .values({
      ownerId,
      contentType: upload.contentType,
      size: upload.size,
      sha256: upload.sha256,
      data: upload.data,
    })
    .returning({ id: files.id });
  return row!.id;
}

const downloadQuery = preparedFor((db: Db) =>
  db
    .select({ contentType: files.contentType, sha256: files.sha256, data: files.data })
    .from(files)
    .where(eq(files.id, sql.placeholder('id')))
    .prepare('files_download'),
);

export async function findFileForDownload(db: Db, id: string) {
  const [row] = await downloadQuery(db).execute({ id });
  return row ?? null;
}

const column = (name: string) => sql.identifier(name);
/** `"files"."id"`, qualified by hand: drizzle writes a one-table select's columns unqualified. */
const fileId = sql`${files}.${column(files.id.name)}`;
/**
 * True for a file no course points at: neither as its cover nor from a resource. These two foreign
 * keys are all that refer to `files`; each has its index (decision 085). The only course columns the
 * files feature reads.
 */
const unreferenced = sql<boolean>`(not exists (select 1 from ${courses} c where c.${column(courses.previewFileId.name)} = ${fileId})
  and not exists (select 1 from ${resources} r where r.${column(resources.fileId.name)} = ${fileId}))`;

/** A file as a course save that is about to point at it sees it. */
export interface FileForCourse {
  contentType: string;
  /** Whether the course may point at it (decision 205). */
  usable: boolean;
}

/**
 * The given files (ids that do not exist are simply absent from the map): each one's content type,
 * and whether the course may use it: uploaded by one of `ownerIds`, or already pointed at from a
 * resource of the course `courseId`. One statement, through the primary key and `resources_file_idx`.
 * Each row is locked `FOR KEY SHARE` until the caller's transaction ends: a course save that is about
 * to point at a file keeps the files housekeeping from deleting it meanwhile (decision 114). The lock
 * is the one the foreign key's check takes anyway; saves do not wait for one another, and a save waits
 * for a purge holding the row only until it commits, then finds the file gone (a field error, not a
 * foreign key failure). Only `files` is locked, never the resources the usability reads.
 */
export async function findFilesForCourse(
  db: Db | Tx,
  ids: string[],
  ownerIds: string[],
  courseId: string | null,
): Promise<Map<string, FileForCourse>> {
  if (ids.length === 0) return new Map();
  const alreadyThere = courseId
    ? sql`exists (select 1 from ${resources} r where r.${column(resources.fileId.name)} = ${fileId} and r.${column(resources.courseId.name)} = ${courseId})`
    : sql`false`;
  const rows = await db
    .select({
      id: files.id,
      contentType: files.contentType,
      // A file whose uploader is gone (`owner_id` null) is usable only where it already is.
      usable: sql<boolean>`coalesce(${or(inArray(files.ownerId, ownerIds), alreadyThere)}, false)`,
    })
    .from(files)
    .where(inArray(files.id, ids))
    .for('key share', { of: files });
  return new Map(rows.map((row) => [row.id, { contentType: row.contentType, usable: Boolean(row.usable) }]));
}

/** A file's place in the housekeeping's order: `created_at` as PostgreSQL prints it (to the microsecond), then id. */
export interface FileKey {
  createdAt: string;
  id: string;
}

/**
 * The next `limit` files uploaded more than `ageMs` ago, after `after` in (created_at, id) order,
 * through `files_created_idx`, each with whether anything refers to it (two index probes). A plain
 * read: what it finds is only a candidate until `deleteUnreferencedFiles` has it locked.
 */
export function filesAfter(db: Db, ageMs: number, after: FileKey | null, limit: number) {
  return db
    .select({ id: files.id, createdAt: sql<string>`${files.createdAt}::text`, unreferenced })
    .from(files)
    .where(
      and(
        lt(files.createdAt, sql`now() - ${ageMs / 1000}::double precision * interval '1 second'`),
        after
          ? sql`(${files.createdAt}, ${files.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id))
    .limit(limit);
}

/**
 * Deletes those of `ids` that nothing refers to, and answers how many it deleted. Two statements in
 * one transaction (decision 114): the rows are locked first, skipping any another transaction holds
 * (a course save that is pointing at the file holds it `FOR KEY SHARE`: `findFilesForCourse`, the foreign
 * key's check), then deleted only if still unreferenced, asked by a statement that started after the
 * locks were taken, so it sees every save that committed before them, and no save can point at a
 * locked file until this commits.
 */
export async function deleteUnreferencedFiles(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, ids))
      .for('update', { skipLocked: true });
    if (locked.length === 0) return 0;
    const deleted = await tx
      .delete(files)
      .where(
        and(
          inArray(
            files.id,
            locked.map((row) => row.id),
          ),
          unreferenced,
        ),
      )
      .returning({ id: files.id });
    return deleted.length;
  });
}
