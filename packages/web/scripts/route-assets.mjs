import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which built files a route downloads, from Vite's manifest (dist/.vite/manifest.json): the entry
 * chunk, the route's lazy modules and catalogs, and everything they import statically. Dynamic
 * imports inside them (the PDF viewer…) load later, on demand, and are not counted.
 */
export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
}

const catalogKey = (language, name) => `src/locales/${language}/${name}.po`;

/**
 * `entry` is the page's own entry module when it does not run the app (the static landing page,
 * decision 034); otherwise the app's entry (index.html) is the first file.
 * @returns {{ js: string[], css: string[] }} files relative to dist, entry first
 */
export function routeFiles(manifest, { entry = 'index.html', modules, catalogs }, language) {
  const entryKey = Object.keys(manifest).find((key) => key === entry && manifest[key].isEntry);
  if (!entryKey) throw new Error(`The Vite manifest has no entry chunk ${entry}`);
  const keys = [entryKey, ...modules, ...catalogs.map((name) => catalogKey(language, name))];
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the Vite manifest (is scripts/public-pages.mjs out of date?)`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}
