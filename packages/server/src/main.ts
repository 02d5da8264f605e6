import { once } from 'node:events';
import pino from 'pino';
import { ConfigError, loadEnv } from './env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedDemoOnStart } from './seed/demo.ts';
import { ensureAdmin } from './features/auth/ensure-admin.ts';

/** How long a stopping server waits for the requests it has begun (a deploy's grace is often 30 s). */
const SHUTDOWN_GRACE_MS = 20_000;

/** How long a stopping server waits for its last log lines to be written before it exits anyway. */
const LOG_END_WAIT_MS = 2_000;

/** Start-up: configuration → database + migrations → app → listen. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await ensureAdmin(database.db, env);
  const demoSignIn = await seedDemoOnStart(database, env);
  // The destination Fastify would make itself (pino's asynchronous stdout), made here so that the stop
  // can end it: see endLog.
  const log = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({ env, db: database.db, logStream: log });
  database.useLogger(app.log);

  // Ctrl+C reaches every process of the group (npm, scripts/start.mjs, this one), so the same signal
  // can arrive twice: close once and ignore repeats, so the embedded database is always closed cleanly.
  // Requests already begun finish first (app.ts); one still running after the grace period (a stuck
  // client or statement) is cut off rather than keeping the process from ever stopping, and a close
  // that fails still ends the process, with code 1.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing the requests begun, accepting no more');
      setTimeout(() => {
        app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running at shutdown were cut off');
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS).unref();
      // The database outlives the app: its close hooks (the work begun after the last answers, decision
      // 136; the outbox; the purges) still use it.
      app
        .close()
        .then(() => database.close())
        .then(
          () => {
            app.log.info('stopped');
            void endLog(log).then(() => process.exit(0));
          },
          (error: unknown) => {
            console.error('Shutdown failed:', error instanceof Error ? error.message : error);
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}/db` : 'PostgreSQL';
  console.log(`\nOpen Science Courses is running at ${env.APP_URL} (${where}).`);
  if (demoSignIn) console.log(`\n${demoSignIn}\n`);
}

/**
 * Resolves once every line given to the log is written (or after LOG_END_WAIT_MS). The log writes
 * asynchronously, one write in flight at a time; exiting at once would lose the lines still queued, and
 * pino's exit handler writes those synchronously *before* the one in flight lands, so 'stopped' could
 * come out ahead of 'shutting down' (seen in CI). Its `flush()` does not wait (it returns at once for
 * an unbuffered destination); `end()` writes everything queued, in order, then closes.
 */
async function endLog(log: ReturnType<typeof pino.destination>): Promise<void> {
  // A destination that fails (its reader gone) emits 'error' instead: nothing more can be written.
  const ended = once(log, 'close').catch(() => undefined);
  log.end();
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, LOG_END_WAIT_MS).unref())]);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
