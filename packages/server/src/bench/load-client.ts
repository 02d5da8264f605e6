import { fork, type ChildProcess } from 'node:child_process';
import type { LoadJob, LoadResult } from './load-job.ts';

/**
 * The server side's handle on the load-generator process (load-generator.ts): one child for the
 * whole run, jobs one at a time. A job that overruns its own duration by 60 s kills the child.
 */
export class LoadClient {
  private readonly child: ChildProcess;
  private nextId = 0;

  constructor() {
    // The sibling of this module: the built .js under `npm run bench`, the .ts source under tsx (a
    // test), whose loader execArgv carries to the child.
    const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
    this.child = fork(new URL(`./load-generator.${extension}`, import.meta.url), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  run(job: LoadJob): Promise<LoadResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (message: { id: number; result?: LoadResult; error?: string }) => {
        if (message.id !== id) return;
        settle();
        if (message.result) resolve(message.result);
        else reject(new Error(`load generator: ${message.error}`));
      };
      const onExit = (code: number | null) => {
        settle();
        reject(new Error(`load generator exited (${code})`));
      };
      const deadline = setTimeout(
        () => {
          settle();
          this.child.kill();
          reject(new Error('load generator overran its job by 60 s'));
        },
        (job.durationSeconds + 60) * 1000,
      );
      const settle = () => {
        clearTimeout(deadline);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      this.child.on('message', onMessage);
      this.child.on('exit', onExit);
      this.child.send({ id, job });
    });
  }

  close(): void {
    this.child.kill();
  }
}
