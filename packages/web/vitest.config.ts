import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs', '*.test.ts'],
      environment: 'happy-dom',
      setupFiles: ['src/test/setup.ts'],
      // Vitest's 5 s is a limit on the machine, not on the app: on a loaded one (CI beside the server
      // suites) the admin board's longer walks took more. Timing is measured by the benches, not here.
      testTimeout: 15_000,
    },
  }),
);
