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
    },
  }),
);
