import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

/**
 * main.ts says when a stop begins and when it is over (decision 133), so a gap in the log is told
 * from a crash. The real entry point, in its own process, stopped as a deploy stops it. On the
 * embedded database (in memory) only: the lines do not depend on the database.
 */
describe('stopping the server process', () => {
  it('logs "shutting down" with the signal, then "stopped", and exits 0', async () => {
    await stopAndRead(async () => async () => undefined);
  }, 120_000); // tsx compiles the server first: slow on a busy machine

  it('writes every line, in order, when whoever reads its log lags behind', async () => {
    // A log shipper that falls behind: the pipe fills, a write waits, more lines queue up behind it.
    // Exiting then lost or reordered them (seen in CI: 'stopped' before 'shutting down').
    const { lines } = await stopAndRead(async (address, child) => {
      child.stdout.pause();
      const long = 'x'.repeat(2_000);
      for (let index = 0; index < 100; index++) await fetch(`${address}/api/v1/health?pad=${long}`);
      return async () => {
        await sleep(300); // stopping, with lines still queued
        child.stdout.resume();
      };
    });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(101);
  }, 120_000);
});

interface Line {
  msg: string;
  signal?: string;
}

/**
 * Starts main.ts, checks it answers, runs `beforeStop`, stops the process with SIGTERM, runs what
 * `beforeStop` returned, and returns the process's log lines, having checked the stop's: 'shutting
 * down' with the signal, then 'stopped', then exit code 0.
 */
async function stopAndRead(
  beforeStop: (
    address: string,
    child: ChildProcessByStdio<null, Readable, null>,
  ) => Promise<() => Promise<void>>,
): Promise<{ lines: Line[] }> {
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: 'memory://',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        WEB_DIST: '/nonexistent',
        JWT_SECRET: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // 'close', not 'exit': only then has everything the process wrote to its stdout been read.
  const exited = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    let output = '';
    const address = await new Promise<string>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const at = /"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
        if (at) resolve(at[1]!);
      }),
    );
    expect((await fetch(`${address}/api/v1/health`)).status).toBe(200);

    const afterStop = await beforeStop(address, child);
    child.kill('SIGTERM');
    await afterStop();
    expect(await exited).toEqual([0, null]);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
    // The stop's own lines, in the order written (on a failure, the whole output is printed).
    const stop = lines.filter((line) => line.msg.startsWith('shutting down') || line.msg === 'stopped');
    expect(
      stop.map((line) => line.msg.split(':')[0]),
      output.slice(-4_000),
    ).toEqual(['shutting down', 'stopped']);
    expect(stop[0]).toMatchObject({ signal: 'SIGTERM' });
    return { lines };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
