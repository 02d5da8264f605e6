/**
 * Precompresses the built assets (brotli at its best level, gzip -9) next to each file; the server
 * sends the variant the browser accepts (@fastify/static `preCompressed`), so nothing is compressed
 * per request and the bytes the budget check counts are the bytes that travel.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(new URL('..', import.meta.url).pathname, 'dist/assets');
let count = 0;
for (const file of readdirSync(assets)) {
  if (!/\.(js|mjs|css|svg|json)$/.test(file)) continue;
  const source = readFileSync(join(assets, file));
  writeFileSync(
    join(assets, `${file}.br`),
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
  );
  writeFileSync(join(assets, `${file}.gz`), gzipSync(source, { level: 9 }));
  count += 1;
}
console.log(`Precompressed ${count} assets (br, gz)`);
