/**
 * The bench's load generator: a child process (forked by load-client.ts) that runs load jobs
 * (load-job.ts) it receives over IPC and answers with latency percentiles. A separate process, not a
 * worker thread of the server's process: its own event loop, heap and garbage collector, so the
 * server's figures include none of the load generator's work except the CPU time both take on the
 * machine.
 */
import { runLoadJob, type LoadJob } from './load-job.ts';

process.on('message', (message: { id: number; job: LoadJob }) => {
  runLoadJob(message.job).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});
// The bench (its parent) is gone — it finished, failed or was killed: stop loading the server with it.
process.on('disconnect', () => process.exit(0));
