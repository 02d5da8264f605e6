import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { linguiMacro } from './lingui-macro-plugin.ts';
import { appChunks } from './app-chunks.ts';
import {
  BEFORE_HYDRATION,
  DATA_LAYOUT,
  FIRST_SCREENS,
  ROUTES,
  SHELL_REQUESTS,
} from './scripts/public-pages.mjs';

// Lingui's CLI, Vite plugin and macro all look for their config from the working directory; vitest runs
// from the repository root, so point them at this package's config explicitly.
process.env.LINGUI_CONFIG ??= fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// The shared contract's index, which re-exports every schema (and so zod).
const sharedIndex = source('../shared/src/index.ts');
// The static landing page runs only its own small module, not the app (decision 034); the prerendered
// pages the app hydrates run the early one first (decision 037), the app shell the requests one (043).
// The paths are public-pages.mjs's, which the prerender and the budget read too.
const smallEntries = {
  landing: source(ROUTES['/']!.entry!),
  early: source(BEFORE_HYDRATION),
  requests: source(SHELL_REQUESTS),
};
const chunks = appChunks({
  app: source('./src/main.tsx'),
  dataLayout: source(DATA_LAYOUT),
  smallEntries: Object.values(smallEntries),
  barrels: [sharedIndex],
  firstScreens: Object.values(FIRST_SCREENS).map((screen) => screen.modules.map(source)),
});

export default defineConfig({
  // The shared contract is compiled from source, so the browser bundle tree-shakes it and needs no prior build.
  resolve: {
    alias: [
      { find: '@app/shared', replacement: sharedIndex },
      // zod without its eval probe, which the CSP reports (see the file).
      { find: /^zod$/, replacement: source('./src/lib/zod-csp.ts') },
    ],
  },
  plugins: [react(), linguiMacro(), lingui(), tailwindcss(), chunks.plugin],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // scripts/prerender.mjs and scripts/js-budget.mjs read which files each route needs from it.
    manifest: true,
    rolldownOptions: {
      input: { index: source('./index.html'), ...smallEntries },
      output: {
        codeSplitting: { groups: chunks.groups },
        // entriesAware chunks are named after every entry that loads them (hundreds of characters).
        chunkFileNames: ({ name }) => `assets/${name.split('~')[0]}-[hash].js`,
      },
    },
  },
});
