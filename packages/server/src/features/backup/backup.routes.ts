import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.ts';

/** The file beside the embedded database whose content `npm run backup` presents. */
export const BACKUP_TOKEN_FILE = 'backup-token';

/**
 * `GET /api/v1/ops/backup`: a consistent snapshot of the embedded database (uploaded files included:
 * they live in its `files` table) as one .tar.gz, taken by the running server, the only process that
 * may open PGlite. Only for callers on this machine that can read DATA_DIR: the request must come
 * over loopback and carry the token stored in DATA_DIR/backup-token (docs/decisions/014).
 */
export async function backupRoutes(app: FastifyInstance) {
  const client = (app.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite) || app.env.DATA_DIR === 'memory://') return;
  const token = Buffer.from(backupToken(app.env.DATA_DIR));

  app.get('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
    const presented = Buffer.from(String(request.headers['x-backup-token'] ?? ''));
    // The socket's own address, not request.ip: a proxy's X-Forwarded-For must not make it local.
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.raw.socket.remoteAddress ?? '');
    if (!local || presented.length !== token.length || !timingSafeEqual(presented, token)) throw forbidden();

    // dumpDataDir holds PGlite's query lock: no statement runs while the files are copied, so the
    // archive is what a crash at that instant would leave, which PostgreSQL recovers to exactly the
    // transactions committed before it. Requests wait meanwhile, so the copy is taken uncompressed
    // (about 1 s for a new 40 MB database here) and compressed after the lock is released.
    const started = Date.now();
    const archive = await client.dumpDataDir('none');
    request.log.info({ bytes: archive.size, ms: Date.now() - started }, 'backup snapshot taken');
    return (
      reply
        .type('application/gzip')
        .header('content-disposition', 'attachment; filename="backup.tar.gz"')
        // Every account's data: a caching proxy in front (its requests come from 127.0.0.1 too) must not
        // keep it for the next request, whose token it does not check (decision 136).
        .header('cache-control', 'no-store')
        .send(Readable.fromWeb(archive.stream()).pipe(createGzip()))
    );
  });
}

/** Created on first start beside the database, readable only by the account that runs the server. */
function backupToken(dataDir: string): string {
  const file = path.join(dataDir, BACKUP_TOKEN_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}
