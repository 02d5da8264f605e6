#!/usr/bin/env node
// `npm run backup [FILE]`: asks the running server (embedded database) for a consistent snapshot and
// writes it to FILE (default backup-<date>.tar.gz). It reads DATA_DIR, PORT and HOST like the server.
// PostgreSQL deployments use pg_dump instead (README "Operating it").
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const fail = (message) => {
  console.error(`backup: ${message}`);
  process.exit(1);
};

if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README "Operating it").');

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const tokenFile = path.join(dataDir, 'backup-token');
if (!existsSync(tokenFile))
  fail(`no ${tokenFile}: start the server once with this DATA_DIR (it creates the token).`);
const token = readFileSync(tokenFile, 'utf8').trim();

// The server may listen on every interface; the backup route only answers over loopback.
const host = ['0.0.0.0', '::', '', undefined].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
const port = process.env.PORT || '3000';
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const file = path.resolve(process.argv[2] || `backup-${stamp}.tar.gz`);
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/v1/ops/backup`;

let response;
try {
  response = await fetch(url, { headers: { 'x-backup-token': token } });
} catch (error) {
  fail(`the server does not answer at ${url} (${error.cause?.code ?? error.message}). Start it, or, with
the server stopped, copy ${dataDir} as a whole: a stopped embedded database is consistent on disk.`);
}
if (!response.ok) fail(`the server answered ${response.status}: ${await response.text()}`);

// Written beside the target and renamed at the end, so FILE is never a half-written archive.
const partial = `${file}.partial`;
try {
  await pipeline(Readable.fromWeb(response.body), createWriteStream(partial, { mode: 0o600 }));
  renameSync(partial, file);
} catch (error) {
  rmSync(partial, { force: true });
  fail(`writing ${file} failed: ${error.message}`);
}
console.log(`backup: wrote ${file} (${statSync(file).size} bytes)`);
