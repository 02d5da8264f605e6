import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and API tests. The server suite runs on PGlite, and a second time on PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). `*.postgres.test.ts` files test what only a real PostgreSQL
 * has (lost connections, concurrent migrations) and run in the PostgreSQL project only;
 * `*.pglite.test.ts` files (the embedded database on disk: backup, its directory lock) in the PGlite
 * project only.
 */
if (process.env.CI && !process.env.TEST_DATABASE_URL)
  throw new Error('CI must set TEST_DATABASE_URL: the PostgreSQL suite and its fault tests would not run');

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'packages/server',
    include: ['src/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      name === 'server-postgres' ? 'src/**/*.pglite.test.ts' : 'src/**/*.postgres.test.ts',
    ],
    environment: 'node',
    // The files of a worker share one module graph (decision 083): each file used to import the
    // server and compile PGlite's WebAssembly afresh, which took more of the run than the tests.
    // Every file builds its own app and database; what a test spies on or stubs is put back before
    // the next one, so nothing it changed in a shared module reaches another file.
    isolate: false,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    env,
    // One migrated template database per run; each test file's database is a copy (decision 032).
    globalSetup: [new URL('packages/server/src/test/global-setup.ts', import.meta.url).pathname],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
});

export default defineConfig({
  test: {
    // Twice the cores (decision 090): the server files mostly wait on PostgreSQL (another process)
    // and on timers; at one file per core the run kept the cores half idle.
    maxWorkers: 4,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server-pglite', { TEST_DATABASE_URL: '' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL })]
        : []),
      ...(existsSync('packages/web/vitest.config.ts') ? ['packages/web/vitest.config.ts'] : []),
    ],
  },
});
