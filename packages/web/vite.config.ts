import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { linguiMacro } from './lingui-macro-plugin.ts';

// Lingui's CLI, Vite plugin and macro all look for their config from the working directory; vitest runs
// from the repository root, so point them at this package's config explicitly.
process.env.LINGUI_CONFIG ??= fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

export default defineConfig({
  // The shared contract is compiled from source, so the browser bundle tree-shakes it and needs no prior build.
  resolve: {
    alias: [
      { find: '@app/shared', replacement: fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
      // zod without its eval probe, which the CSP reports (see the file).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-csp.ts', import.meta.url)) },
    ],
  },
  plugins: [react(), linguiMacro(), lingui(), tailwindcss()],
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
      // The static landing page runs only this small module, not the app (decision 034); the
      // prerendered pages the app hydrates run the early one first (decision 037).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/features/landing/static-landing.ts', import.meta.url)),
        early: fileURLToPath(new URL('./src/app/before-hydration.ts', import.meta.url)),
        requests: fileURLToPath(new URL('./src/app/shell-requests.ts', import.meta.url)),
      },
    },
  },
});
