import { eq, inArray, sql } from 'drizzle-orm';
import { preparedFor } from '../../db/prepared.ts';
import type { Db, Tx } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
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

/** Content types of the given files (ids that do not exist are simply absent from the map). */
export async function fileTypesById(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, contentType: files.contentType })
    .from(files)
    .where(inArray(files.id, ids));
  return new Map(rows.map((row) => [row.id, row.contentType]));
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
