import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { claimDataDir, DataDirInUseError, LOCK_FILE } from './data-dir-lock.ts';

/** A real other process: alive until killed, or already gone (its id then names no process). */
async function otherProcess(alive: boolean) {
  const child = spawn(process.execPath, ['-e', alive ? 'setInterval(() => {}, 1000)' : ''], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (!alive) await exited;
  return {
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

describe('the embedded data directory is one process’s (decision 078)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'osc-lock-'));
  const lockIn = (dir: string) => path.join(dir, LOCK_FILE);
  const holder = (dir: string) => readFileSync(lockIn(dir), 'utf8').trim();
  let dirs = 0;
  const fresh = () => {
    const dir = path.join(work, `dir-${(dirs += 1)}`);
    mkdirSync(dir);
    return dir;
  };
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('claims a directory, and again after the release', async () => {
    const dir = fresh();
    const release = await claimDataDir(dir);
    expect(holder(dir)).toBe(String(process.pid));
    release();
    expect(existsSync(lockIn(dir))).toBe(false);
    (await claimDataDir(dir))();
  });

  it('refuses a directory another running process holds, naming it and the way out', async () => {
    const dir = fresh();
    const other = await otherProcess(true);
    try {
      writeFileSync(lockIn(dir), `${other.pid}\n`);
      await expect(claimDataDir(dir)).rejects.toThrow(DataDirInUseError);
      await expect(claimDataDir(dir)).rejects.toThrow(
        `the embedded database in ${dir} is in use by another server (process ${other.pid})`,
      );
      expect(holder(dir)).toBe(String(other.pid)); // refusing took nothing from the holder
    } finally {
      await other.stop();
    }
    // Once it is gone (killed: its file stays behind), the directory is free.
    const release = await claimDataDir(dir);
    expect(holder(dir)).toBe(String(process.pid));
    release();
  });

  it('replaces a file left by a process that no longer runs, by this same id, or holding no id', async () => {
    const dir = fresh();
    const gone = await otherProcess(false);
    for (const left of [`${gone.pid}\n`, `${process.pid}\n`, '', 'garbage']) {
      writeFileSync(lockIn(dir), left);
      const release = await claimDataDir(dir);
      expect(holder(dir), JSON.stringify(left)).toBe(String(process.pid));
      release();
    }
  });

  it('replaces a file naming its own parent or grandparent (ids repeat when a container restarts)', async () => {
    const dir = fresh();
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const grandparent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    for (const launcher of [process.ppid, grandparent]) {
      expect(() => process.kill(launcher, 0), String(launcher)).not.toThrow(); // alive
      writeFileSync(lockIn(dir), `${launcher}\n`);
      const release = await claimDataDir(dir);
      expect(holder(dir)).toBe(String(process.pid));
      release();
    }
  });

  it('replaces a file left by a process killed but not yet reaped (a zombie still answers signal 0)', async () => {
    const dir = fresh();
    // The shell starts a `sleep` in the background and then becomes (`exec`) a `sleep` that never
    // reaps a child. The child is killed only once the shell has become that: it used to exit by
    // itself at once (`sleep 0`), and on a busy host (CI, four test files at once) it was gone before
    // the test could read it, as if the shell had reaped it before becoming `sleep`.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      await expect.poll(() => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim()).toBe('sleep');
      process.kill(zombie, 'SIGKILL');
      await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      writeFileSync(lockIn(dir), `${zombie}\n`);
      (await claimDataDir(dir))();
    } finally {
      parent.kill();
    }
  });

  it('holds the claim while its process runs even where the file looks stale (decision 087)', async () => {
    // Two servers starting at once over a stale file: one takes it, and the other, having read the
    // stale id, removes the new claim and writes its own. With the file alone it then opened the
    // database too; the claim's socket refuses it.
    const dir = fresh();
    const gone = await otherProcess(false);
    const holding = await claimDataDir(dir);
    writeFileSync(lockIn(dir), `${gone.pid}\n`);
    await expect(claimDataDir(dir)).rejects.toThrow(
      `the embedded database in ${dir} is in use by another server. Stop that one first`,
    );
    holding();
    // Released (or its process ended, which the kernel sees to), the directory is free again.
    (await claimDataDir(dir))();
  });

  it('is free again once a holder is killed with SIGKILL (the kernel drops its socket)', async () => {
    const dir = fresh();
    const lock = path.join(import.meta.dirname, 'data-dir-lock.ts');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(lock)}).then((m) => m.claimDataDir(${JSON.stringify(dir)})).then(() => { console.log('held'); setInterval(() => {}, 1000); })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    try {
      await once(child.stdout, 'data');
      await expect(claimDataDir(dir)).rejects.toThrow(`(process ${child.pid})`);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    expect(existsSync(lockIn(dir))).toBe(true); // left behind, stale
    (await claimDataDir(dir))();
  });

  it('lets a release remove only its own claim', async () => {
    const dir = fresh();
    const release = await claimDataDir(dir);
    writeFileSync(lockIn(dir), '1\n'); // replaced meanwhile (by hand, say)
    release();
    expect(holder(dir)).toBe('1');
  });

  it('keeps a server from opening the database another one runs on, and frees it on close', async () => {
    const dataDir = fresh();
    const other = await otherProcess(true);
    try {
      writeFileSync(lockIn(dataDir), `${other.pid}\n`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
      expect(existsSync(path.join(dataDir, 'db'))).toBe(false); // refused before PGlite made anything
    } finally {
      await other.stop();
    }
    const database = await openDatabase({ dataDir });
    expect(holder(dataDir)).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lockIn(dataDir))).toBe(false);
  }, 120_000); // a new on-disk PGlite runs initdb: slow on a busy machine
});
