import { ConfigError, loadEnv } from './env.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { seedDemoOnStart } from './seed/demo.ts';
import { ensureAdmin } from './features/auth/ensure-admin.ts';

/** Start-up: configuration → database + migrations → app → listen. */
async function main() {
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await ensureAdmin(database.db, env);
  const demoSignIn = await seedDemoOnStart(database, env);
  const app = await buildApp({ env, db: database.db });
  database.useLogger(app.log);
  app.addHook('onClose', () => database.close());

  // Ctrl+C reaches every process of the group (npm, scripts/start.mjs, this one), so the same signal
  // can arrive twice: close once and ignore repeats, so the embedded database is always closed cleanly.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void app.close().then(() => process.exit(0));
    });
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  const where = database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}/db` : 'PostgreSQL';
  console.log(`\nOpen Science Courses is running at ${env.APP_URL} (${where}).`);
  if (demoSignIn) console.log(`\n${demoSignIn}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
