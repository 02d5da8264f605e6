import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptsGzip, gzipJoin, type GzipPiece } from '../lib/gzip-join.ts';
import { kept } from '../lib/kept.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Answers up to this size are compressed in one synchronous call, with a content-length. */
export const COMPRESS_IN_ONE_CALL_UP_TO_BYTES = 64 * 1024;

/** Bytes sent alike to many callers → their compressed forms by encoding, as long as the bytes live. */
const compressedForms = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * Marks an answer's bytes as sent alike to many callers (a cached catalogue page for whoever is enrolled
 * in none of its courses): they are compressed once per encoding and the result is kept for as long as
 * the bytes themselves are (a weak reference: evicting them from their cache drops it). The bytes must
 * never change afterwards. Decision 051.
 */
export function sentAlike(bytes: Buffer): Buffer {
  if (!compressedForms.has(bytes)) compressedForms.set(bytes, new Map());
  return bytes;
}

/**
 * An answer joined per caller from bytes kept in a cache (decision 057): `parts` in order are the
 * answer; `pieces` gives the same answer as gzip pieces, the cached ones deflated ahead
 * (`keptDeflated` or a cache of their own) and the caller's own bytes as they are.
 */
export interface JoinedAnswer {
  parts: readonly Buffer[];
  pieces: () => readonly GzipPiece[];
}

/** A joined answer's bytes as sent, by form, for as long as the answer lives (decision 149). */
const joinedForms = new WeakMap<JoinedAnswer, JoinedForms>();
interface JoinedForms {
  plain?: Buffer;
  gzip?: Buffer;
}

/**
 * The bytes to send for an answer (a joined one or bytes as they are). To a client that accepts gzip
 * a joined answer goes as one gzip member joined from its pieces, even where it would accept brotli:
 * joining costs a tenth of compressing the answer anew; its parts are then never concatenated. To any
 * other client it goes as its parts concatenated, which `@fastify/compress` treats as any answer.
 * Either form is made once per answer: an answer kept in a cache is sent again as the same bytes.
 */
export function payloadOf(reply: FastifyReply, answer: Buffer | JoinedAnswer): Buffer {
  if (Buffer.isBuffer(answer)) return answer;
  const { parts, pieces } = answer;
  const { request } = reply;
  const forms = kept(joinedForms, answer, (): JoinedForms => ({}));
  if (
    parts.reduce((sum, part) => sum + part.length, 0) < COMPRESS_FROM_BYTES ||
    request.headers['x-no-compression'] !== undefined ||
    !acceptsGzip(request.headers['accept-encoding'])
  )
    return (forms.plain ??= Buffer.concat(parts));
  const vary = [reply.getHeader('vary') ?? []].flat().map(String);
  if (!vary.some((value) => value.toLowerCase().includes('accept-encoding')))
    reply.header('vary', [...vary, 'accept-encoding'].join(', '));
  // @fastify/compress leaves an answer alone once it has a content-encoding.
  reply.header('content-encoding', 'gzip');
  return (forms.gzip ??= gzipJoin(parts, pieces()));
}

type CompressSync = (payload: Buffer, options?: zlib.ZlibOptions | zlib.BrotliOptions) => Buffer;

/** `compress`, except for bytes marked `sentAlike`: those are compressed once per encoding. */
const onceForAlike =
  (encoding: string, compressSync: CompressSync): CompressSync =>
  (payload, options) => {
    const forms = compressedForms.get(payload);
    return forms
      ? kept(forms, encoding, () => compressSync(payload, options))
      : compressSync(payload, options);
  };

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
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    // The plugin's one-call path uses these (larger answers keep zlib's streams), wrapped so that
    // bytes marked `sentAlike` are compressed once (decision 051). zlib's functions are looked up at
    // each call, not captured, so a test can count the calls.
    zlib: {
      brotliCompressSync: onceForAlike('br', (payload, options) => zlib.brotliCompressSync(payload, options)),
      gzipSync: onceForAlike('gzip', (payload, options) => zlib.gzipSync(payload, options)),
      deflateSync: onceForAlike('deflate', (payload, options) => zlib.deflateSync(payload, options)),
    },
  });
}
