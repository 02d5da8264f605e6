import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Row {
  route: string;
  requestsPerSecond: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx answers: any of these makes the figure meaningless. */
  failures: number;
}

/** route, req/s, p99 ms and the ratio to the first row (the ceiling). */
export function printTable(rows: Row[]): void {
  const ceiling = rows[0]?.requestsPerSecond ?? 0;
  const table = [
    ['route', 'req/s', 'p99 ms', 'vs ceiling', 'failures'],
    ...rows.map((row) => [
      row.route,
      row.requestsPerSecond.toFixed(0),
      row.p99.toFixed(1),
      ceiling ? (row.requestsPerSecond / ceiling).toFixed(2) : '-',
      String(row.failures),
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const [index, line] of table.entries()) {
    console.log(
      line
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

const WEB_DIST = new URL('../../../web/dist/', import.meta.url).pathname;

/**
 * What the landing page downloads before it can run: the module scripts and module preloads that
 * index.html names (lazy route chunks are not counted), raw and gzipped.
 */
export function landingPageJs(distDir = WEB_DIST): { files: number; raw: number; gzip: number } | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g))
    urls.add(match[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files: urls.size, raw, gzip };
}
