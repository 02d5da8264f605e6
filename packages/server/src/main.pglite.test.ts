import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * main.ts says when a stop begins and when it is over (decision 133), so a gap in the log is told
 * from a crash. The real entry point, in its own process, stopped as a deploy stops it. On the
 * embedded database (in memory) only: the lines do not depend on the database.
 */
describe('stopping the server process', () => {
  it('logs "shutting down" with the signal, then "stopped", and exits 0', async () => {
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

      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; signal?: string });
      // The stop's own lines, in the order written (on a failure, the whole output is printed).
      const stop = lines.filter((line) => line.msg.startsWith('shutting down') || line.msg === 'stopped');
      expect(
        stop.map((line) => line.msg.split(':')[0]),
        output,
      ).toEqual(['shutting down', 'stopped']);
      expect(stop[0]).toMatchObject({ signal: 'SIGTERM' });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 120_000); // tsx compiles the server first: slow on a busy machine
});
