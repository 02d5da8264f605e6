import { existsSync, mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';

describe('an embedded database whose files are damaged', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'osc-damaged-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops the start with what happened and what to do, not SQL, and leaves no claim behind', async () => {
    await (await openDatabase({ dataDir })).close();
    // The control file's first bytes (its system identifier and checksummed header) overwritten.
    const control = openSync(path.join(dataDir, 'db', 'global', 'pg_control'), 'r+');
    writeSync(control, Buffer.alloc(512, 0xa5), 0, 512, 0);
    closeSync(control);

    const failure = await openDatabase({ dataDir }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(
      new RegExp(`^the embedded database in ${path.join(dataDir, 'db')} could not be opened \\(.+\\)\\.`),
    );
    expect(failure?.message).toContain('npm run restore FILE');
    expect(failure?.message).not.toMatch(/CREATE|SELECT|drizzle/i);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000); // a new on-disk PGlite runs initdb: slow on a busy machine
});
