import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Answers up to this size are compressed in one synchronous call, with a content-length. */
export const COMPRESS_IN_ONE_CALL_UP_TO_BYTES = 64 * 1024;

/**
 * Response compression for what is compressed per request: API answers (they differ per caller) and
 * pages sent with a rewritten query; the built assets are served precompressed (spa.ts). Decision 050:
 * the plugin's defaults (quality 4, and a zlib stream per answer above 8 kB on a 2-core host) cost the
 * hot routes two thirds of their throughput for browsers; quality 1 in one call costs a third as much
 * and the answers grow by under a tenth (1.48 kB against 1.36 kB for a 20-course catalogue page).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_UP_TO_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
}
