import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startPeriodicPurge, type PeriodicPurge, type Purge } from '../../lib/periodic-purge.ts';
import { deleteUnreferencedFiles, filesAfter, type FileKey } from './files.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes files no course uses a day after their upload, a bounded pass at a time (decision 114). */
    filesHousekeeping: PeriodicPurge;
  }
}

/**
 * How old an unreferenced file must be before it is deleted. The web app uploads a PDF as soon as the
 * author picks it and the course refers to it only once the form is saved; the form and its copy in
 * the browser (restored after a reload or a new sign-in) hold only its address meanwhile. A day covers
 * a form left open overnight; a save after that answers a field error on that PDF, and the author
 * picks it again.
 */
export const UNREFERENCED_FILE_AGE_MS = 24 * 3_600_000;

/**
 * Files a pass looks at, at most (ten batches). Files that courses use stay for ever and come first
 * in upload order, so a pass does not start from the oldest each time: it goes on from where the last
 * one stopped and starts over once it reached the age threshold. Each file looked at costs two index
 * probes; a sweep of N files takes N / 1,000 passes.
 */
export const FILES_EXAMINED_PER_PASS = 1_000;

/**
 * One instance's sweep over `files` in upload order (`files_created_idx`). Each pass reads the next
 * `examined` files older than `ageMs`, deletes at most `limit` of them that nothing refers to
 * (`deleteUnreferencedFiles` checks again under a lock), and remembers where it stopped. Instances
 * sweep independently; a file another one holds is skipped and found on a later sweep.
 */
export class UnreferencedFilesSweep {
  private after: FileKey | null = null;

  constructor(
    private readonly db: Db,
    private readonly ageMs = UNREFERENCED_FILE_AGE_MS,
    private readonly examined = FILES_EXAMINED_PER_PASS,
  ) {}

  readonly purge: Purge = async (limit) => {
    const rows = await filesAfter(this.db, this.ageMs, this.after, this.examined);
    const candidates = rows.filter((row) => row.unreferenced);
    const batch = candidates.slice(0, limit);
    const deleted = await deleteUnreferencedFiles(
      this.db,
      batch.map((row) => row.id),
    );
    // A full batch left candidates behind it: go on right after the batch. Otherwise after the last
    // file looked at, or from the start once the sweep reached the threshold.
    const last =
      candidates.length > limit ? batch.at(-1) : rows.length < this.examined ? undefined : rows.at(-1);
    this.after = last ? { createdAt: last.createdAt, id: last.id } : null;
    return deleted;
  };
}

/** What the files feature's housekeeping deletes each pass: at most `limit` unreferenced files. */
export function filesPurges(db: Db): Record<string, Purge> {
  return { files: new UnreferencedFilesSweep(db).purge };
}

/**
 * The app's housekeeping loop for uploaded files (`app.filesHousekeeping`): nothing else deletes a
 * file but a replaced cover (`deleteFileIfUnreferenced`), so PDFs uploaded and never used, or dropped
 * from a course, stayed for ever. Started when the app is ready and stopped when it closes, like the
 * auth and mail features' housekeeping (decisions 107, 112).
 */
export function startFilesHousekeeping(app: FastifyInstance): PeriodicPurge {
  const job = startPeriodicPurge(app, 'files housekeeping', filesPurges(app.db));
  app.decorate('filesHousekeeping', job);
  return job;
}
