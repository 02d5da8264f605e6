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

/** One stage of a route: its files in the heavier language, against `budget` (and `target`, if given). */
function measureStage(path, stage, target) {
  const perLanguage = LANGUAGES.map((language) => {
    const { js } = routeFiles(manifest, stage, language);
    return { language, files: js.length, bytes: js.reduce((sum, file) => sum + served(file), 0) };
  });
  const worst = perLanguage.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const files = Math.max(...perLanguage.map((result) => result.files));
  return { path, budget: stage.budgetKb * 1024, target, budgetFiles: stage.budgetFiles, ...worst, files };
}

/**
 * Every route's JavaScript. A page with the early module counts twice (decision 053): what it fetches
 * until the visitor acts, which issue #11's target applies to, and the app it fetches then.
 */
export function measure() {
  return Object.entries({ ...ROUTES, '(not found)': NOT_FOUND }).flatMap(([path, route]) =>
    route.untilActed
      ? [
          measureStage(`${path} until acted`, route.untilActed, route.targetKb * 1024),
          measureStage(`${path} once acted`, route),
        ]
      : [measureStage(path, route, route.targetKb * 1024)],
  );
}

const results = measure();
const over = (result) => result.bytes > result.budget || result.files > result.budgetFiles;
const width = Math.max(...results.map((result) => result.path.length));
for (const result of results) {
  const { path, bytes, budget, target, files, budgetFiles, language } = result;
  const goal =
    target === undefined ? '' : `; target ${kB(target)}${bytes > target ? ' not yet met' : ' met'}`;
  console.log(
    `${over(result) ? 'OVER' : 'ok  '} ${path.padEnd(width)} ${kB(bytes).padStart(9)} of ${kB(budget).padStart(8)}` +
      `  (${files} of ${budgetFiles} files, brotli, ${language}${goal})`,
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
