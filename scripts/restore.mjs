#!/usr/bin/env node
// `npm run restore FILE`: brings a snapshot from `npm run backup` back into an empty DATA_DIR (it
// refuses one that holds anything, so it can never overwrite a live database). Start the server on
// that DATA_DIR afterwards. PostgreSQL deployments use pg_restore instead (README "Operating it").
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
// The server's extensions (packages/server/src/db/client.ts, pgliteExtensions): its tables use them.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const fail = (message) => {
  console.error(`restore: ${message}`);
  process.exit(1);
};

const file = process.argv[2];
if (!file) fail('usage: npm run restore FILE   (into DATA_DIR, default ./data, which must be empty)');
if (!existsSync(file)) fail(`no such file: ${file}`);
if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README "Operating it").');

const dataDir = path.resolve(process.env.DATA_DIR || './data');
if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
  fail(`${dataDir} is not empty; restore into an empty or new DATA_DIR.`);
mkdirSync(dataDir, { recursive: true });

// Claimed as a server claims it (packages/server/src/db/data-dir-lock.ts, decision 078: this file,
// created only if absent, holding the process id), so a server started on DATA_DIR meanwhile stops
// instead of opening a database half restored. Released at exit; a restore killed by a signal leaves
// a claim whose process is gone, which the next server takes over.
const claim = path.join(dataDir, 'server.pid');
try {
  writeFileSync(claim, `${process.pid}\n`, { flag: 'wx' });
} catch {
  fail(`${dataDir} was claimed by a server meanwhile; restore into an empty DATA_DIR no server uses.`);
}
process.on('exit', () => rmSync(claim, { force: true }));

const dbDir = path.join(dataDir, 'db');
try {
  const archive = new File([readFileSync(file)], 'backup.tar.gz', { type: 'application/x-gzip' });
  const db = new PGlite(dbDir, { loadDataDir: archive, extensions: { pg_trgm } });
  const { rows } = await db.query(
    'select (select count(*) from users)::int as users, (select count(*) from courses)::int as courses, (select count(*) from files)::int as files',
  );
  await db.close();
  const [counts] = rows;
  console.log(
    `restore: ${dataDir} now holds the backup (${counts.users} users, ${counts.courses} courses, ${counts.files} files).`,
  );
  console.log('restore: sign-ins made before the backup need to sign in again unless JWT_SECRET is kept.');
} catch (error) {
  rmSync(dbDir, { recursive: true, force: true });
  fail(`${file} is not a usable backup: ${error.message}`);
}
