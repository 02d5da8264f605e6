import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, realpathSync, rmSync, writeSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

/** The claim's file, beside the embedded database's own directory (`db/`), not inside it. */
export const LOCK_FILE = 'server.pid';

/** Another running process holds the data directory: the server must not start on it. */
export class DataDirInUseError extends Error {}

/**
 * Claims the data directory for this process before the embedded database opens it (decision 078).
 * PGlite takes no lock of its own: two servers started on the same DATA_DIR both answered writes, and
 * after a restart only one's were there. The claim is a file holding this process's id, created only
 * if absent; one left by a process that no longer runs (a crash, `kill -9`, a container restarted with
 * this same id) is replaced. Returns the release, which removes the file while it is still ours.
 *
 * A file naming this process's parent or grandparent is stale too, as PostgreSQL's postmaster.pid
 * check holds: a container restarted runs the same commands again (`npm start`, its launcher, then
 * the server), so the ids repeat, and the id the last server had may now be its launcher's, alive.
 *
 * On Linux a socket held for the process's life comes first (decision 087): with the file alone, two
 * servers starting in the same instant over a stale file could each remove the other's fresh claim as
 * stale, and both open the database.
 */
export async function claimDataDir(dir: string): Promise<() => void> {
  const file = path.join(dir, LOCK_FILE);
  const socket = await holdSocket(dir, file);
  try {
    claimFile(dir, file);
  } catch (error) {
    socket?.close();
    throw error;
  }
  return () => {
    if (ownerOf(file) === process.pid) rmSync(file, { force: true });
    socket?.close();
  };
}

function claimFile(dir: string, file: string): void {
  for (;;) {
    const owner = createExclusively(file) ? process.pid : ownerOf(file);
    if (owner === process.pid) return;
    if (owner !== null && !ancestors().has(owner) && isRunning(owner)) throw inUse(dir, file, owner);
    rmSync(file, { force: true }); // its process is gone (or it holds no id): stale
  }
}

function inUse(dir: string, file: string, owner: number | null): DataDirInUseError {
  return new DataDirInUseError(
    `the embedded database in ${dir} is in use by another server` +
      `${owner === null ? '' : ` (process ${owner})`}. Stop that one first, or give this one its own ` +
      `DATA_DIR. If no server runs, delete ${file}.`,
  );
}

/**
 * A Unix socket in Linux's abstract namespace, named after the directory's real path: one process at a
 * time can listen on it, and the kernel frees it when that process ends, however it ends, so it never
 * goes stale and taking it has no window. It refuses every connection; nothing talks to it. The
 * namespace is per network namespace (containers sharing a volume do not see each other's, as they do
 * not see each other's process ids). `null` elsewhere, or where it cannot be opened: the file alone
 * holds the claim there.
 */
async function holdSocket(dir: string, file: string): Promise<Server | null> {
  if (process.platform !== 'linux') return null;
  const digest = createHash('sha256').update(realpathSync(dir)).digest('hex');
  const socket = createServer();
  socket.maxConnections = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.listen(`\0open-science-courses-data-${digest}`, resolve);
    });
  } catch (error) {
    // A host that forbids such sockets (a sandbox) keeps the file alone, as other systems do.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return null;
    const owner = ownerOf(file);
    throw inUse(dir, file, owner !== null && isRunning(owner) ? owner : null);
  }
  socket.on('error', () => {}); // refused connections only; nothing here is worth a crash
  socket.unref(); // held for the process's life without keeping it running
  return socket;
}

function createExclusively(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The process id in the file; `null` when it is gone or holds none (a write cut short). */
function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** This process's parent and grandparent: they cannot be a server holding the directory. */
function ancestors(): Set<number> {
  return new Set([process.ppid, parentOf(process.ppid)].filter((pid): pid is number => pid !== null));
}

/** A process's parent, from Linux's /proc; `null` elsewhere. */
function parentOf(pid: number): number | null {
  const parent = Number(statusOf(pid)?.[1]);
  return Number.isSafeInteger(parent) && parent > 0 ? parent : null;
}

/** Signal 0 checks that a process exists without touching it; EPERM means it exists as another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** A process killed but not yet reaped by its parent still answers signal 0; Linux shows it in state `Z`. */
function isZombie(pid: number): boolean {
  return statusOf(pid)?.[0] === 'Z';
}

/**
 * The fields of `/proc/PID/stat` after the parenthesised name (which may hold spaces and parentheses
 * itself): state, parent id, …; `null` without /proc (not Linux) or once the process is gone.
 */
function statusOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}
