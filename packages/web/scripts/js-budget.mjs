/**
 * The JavaScript budget per route (issue #11), checked in `npm test` after the build: the bytes each
 * route downloads, compressed as the server sends them (the precompressed brotli files), in the
 * heavier of the two languages. Deterministic — computed from the build output, no browser, no timing.
 * Exits 1 naming every route over its budget; routes still above issue #11's target are listed too.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, NOT_FOUND, ROUTES } from './public-pages.mjs';
import { readManifest, routeFiles } from './route-assets.mjs';

const dist = join(new URL('..', import.meta.url).pathname, 'dist');
const manifest = readManifest(dist);
const served = (file) => statSync(join(dist, `${file}.br`)).size;
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

export function measure() {
  return Object.entries({ ...ROUTES, '(not found)': NOT_FOUND }).map(([path, route]) => {
    const perLanguage = LANGUAGES.map((language) => {
      const { js } = routeFiles(manifest, route, language);
      return { language, files: js.length, bytes: js.reduce((sum, file) => sum + served(file), 0) };
    });
    const worst = perLanguage.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    return { path, budget: route.budgetKb * 1024, target: route.targetKb * 1024, ...worst };
  });
}

const results = measure();
const failures = results.filter((result) => result.bytes > result.budget);
for (const { path, bytes, budget, target, files, language } of results)
  console.log(
    `${bytes > budget ? 'OVER' : 'ok  '} ${path.padEnd(16)} ${kB(bytes).padStart(9)} of ${kB(budget).padStart(8)}` +
      `  (${files} files, brotli, ${language}; target ${kB(target)}${bytes > target ? ' not yet met' : ' met'})`,
  );
if (failures.length > 0) {
  console.error(
    `JavaScript budget exceeded: ${failures.map((f) => `${f.path} ${kB(f.bytes)} > ${kB(f.budget)}`).join('; ')}`,
  );
  process.exit(1);
}
