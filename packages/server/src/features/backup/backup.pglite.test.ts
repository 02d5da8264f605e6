import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { DataDirInUseError, LOCK_FILE } from '../../db/data-dir-lock.ts';
import { files } from '../../db/schema.ts';
import { BACKUP_TOKEN_FILE } from './backup.routes.ts';
import { loadEnv } from '../../env.ts';
import { createUser } from '../../test/factories.ts';
import { tinyPdf, uploadFile } from '../../test/course-fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * `npm run backup` against the running server on an embedded database under write load, then
 * `npm run restore` into an empty DATA_DIR: every upload acknowledged before the backup started is
 * in the restored database with the same bytes. (Embedded only: PostgreSQL uses pg_dump.)
 */
const run = promisify(execFile);
const root = new URL('../../../../../', import.meta.url).pathname;
const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(root, 'scripts', `${name}.mjs`), ...args], {
    env: { PATH: process.env.PATH, ...env },
    cwd: root,
  });

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('backup and restore of the embedded database', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'osc-backup-'));
  const dataDir = path.join(work, 'data');
  const restoredDir = path.join(work, 'restored');
  const archive = path.join(work, 'snapshot.tar.gz');
  let database: Database;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      HOST: '127.0.0.1',
    });
    database = await openDatabase({ dataDir: env.DATA_DIR });
    const app = await buildApp({ env, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
    t = { app, db: database.db, env, close: async () => {} };
    // A new on-disk PGlite runs initdb: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t.app.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('finds every acknowledged write after restoring a backup taken under write load', async () => {
    const contributor = await createUser(t, 'Contributor');
    const acknowledged: { id: string; sha: string }[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const data = tinyPdf(`upload ${randomBytes(8).toString('hex')}`);
        const { _id } = await uploadFile(t, contributor, {
          data,
          filename: 'n.pdf',
          type: 'application/pdf',
        });
        acknowledged.push({ id: _id, sha: sha256(data) });
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10));

    const beforeBackup = [...acknowledged];
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
    const backup = await script('backup', [archive], env);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await Promise.all(writers);
    expect(backup.stdout).toContain('backup: wrote');
    expect(duringBackup).toBeGreaterThan(0);

    const restore = await script('restore', [archive], { DATA_DIR: restoredDir });
    expect(restore.stdout).toContain('now holds the backup');

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const rows = await restored.db
        .select({ id: files.id, data: files.data })
        .from(files)
        .where(
          inArray(
            files.id,
            acknowledged.map((write) => write.id),
          ),
        );
      const found = new Map(rows.map((row) => [row.id, sha256(row.data)]));
      for (const write of beforeBackup) expect(found.get(write.id)).toBe(write.sha);
      // Writes acknowledged while the backup ran may be in it or not, but never half.
      for (const write of acknowledged) if (found.has(write.id)) expect(found.get(write.id)).toBe(write.sha);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it('claims the DATA_DIR it restores into, so a server started meanwhile stops (decision 078)', async () => {
    const target = path.join(work, 'claimed');
    const claim = path.join(target, LOCK_FILE);
    const restoring = spawn(process.execPath, [path.join(root, 'scripts', 'restore.mjs'), archive], {
      env: { PATH: process.env.PATH, DATA_DIR: target },
      cwd: root,
      stdio: 'ignore',
    });
    const exited = once(restoring, 'exit');
    // Loading the archive into PGlite takes a second or more: the claim is there meanwhile.
    await expect
      .poll(() => existsSync(claim) && readFileSync(claim, 'utf8'), { interval: 5 })
      .toBe(`${restoring.pid}\n`);
    await expect(openDatabase({ dataDir: target })).rejects.toThrow(DataDirInUseError);
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(existsSync(claim)).toBe(false); // released
    const restored = await openDatabase({ dataDir: target });
    await restored.close();
  }, 180_000);

  it('refuses to restore into a DATA_DIR that holds anything, and refuses a bad token', async () => {
    const occupied = path.join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');
    await expect(script('restore', [archive], { DATA_DIR: occupied })).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty') as unknown,
    });
    expect(readdirSync(occupied)).toEqual(['notes.txt']);

    const response = await fetch(`http://127.0.0.1:${port}/api/v1/ops/backup`, {
      headers: { 'x-backup-token': 'guess' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('sends the archive for no cache to keep (decision 136)', async () => {
    const token = readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), 'utf8').trim();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/ops/backup`, {
      headers: { 'x-backup-token': token },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await response.arrayBuffer();
  });
});
