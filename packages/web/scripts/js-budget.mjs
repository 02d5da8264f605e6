/**
 * The JavaScript budget per route (issue #11), checked in `npm test` after the build: the bytes each
 * route downloads, compressed as the server sends them (the precompressed brotli files), in the
 * heavier of the two languages, and how many files (decision 047). Deterministic — computed from the
 * build output, no browser, no timing. Exits 1 naming every route over its budget of bytes or files;
 * routes still above issue #11's target are listed too.
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
    const files = Math.max(...perLanguage.map((result) => result.files));
    return {
      path,
      budget: route.budgetKb * 1024,
      target: route.targetKb * 1024,
      budgetFiles: route.budgetFiles,
      ...worst,
      files,
    };
  });
}

const results = measure();
const over = (result) => result.bytes > result.budget || result.files > result.budgetFiles;
for (const result of results) {
  const { path, bytes, budget, target, files, budgetFiles, language } = result;
  console.log(
    `${over(result) ? 'OVER' : 'ok  '} ${path.padEnd(16)} ${kB(bytes).padStart(9)} of ${kB(budget).padStart(8)}` +
      `  (${files} of ${budgetFiles} files, brotli, ${language}; target ${kB(target)}${bytes > target ? ' not yet met' : ' met'})`,
  );
}
const failures = results.filter(over);
if (failures.length > 0) {
  const describe = (f) =>
    [
      ...(f.bytes > f.budget ? [`${f.path} ${kB(f.bytes)} > ${kB(f.budget)}`] : []),
      ...(f.files > f.budgetFiles ? [`${f.path} ${f.files} files > ${f.budgetFiles}`] : []),
    ].join('; ');
  console.error(`JavaScript budget exceeded: ${failures.map(describe).join('; ')}`);
  process.exit(1);
}
