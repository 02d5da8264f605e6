import zlib from 'node:zlib';
import { kept } from './kept.ts';

/**
 * One gzip member joined from pieces compressed at different times (decision 057). A deflate stream
 * is a sequence of blocks; a piece deflated alone and ended with a sync flush is a run of whole,
 * non-final blocks on a byte boundary, and it refers back only to its own bytes, so such pieces can
 * follow each other in one stream. Bytes made for one caller go in stored (uncompressed) blocks.
 * What cannot be joined is gzip's trailer, the CRC-32 and length of the whole: those are computed
 * over the answer's bytes per request, which costs a tenth of compressing them.
 */

/** A piece of the member: bytes deflated ahead (`deflatePiece`), or bytes to store as they are. */
export type GzipPiece = { deflated: Buffer } | Buffer;

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // deflate, no name, no time, OS unknown
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

/**
 * `bytes` as raw deflate blocks that another piece may follow: none of them final, the last ending on
 * a byte boundary (zlib's sync flush). Meant for bytes kept in a cache and joined into many answers.
 */
export function deflatePiece(bytes: Buffer): Buffer {
  return zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

const deflatedOnce = new WeakMap<Buffer, Buffer>();

/**
 * `deflatePiece(bytes)`, computed once for as long as `bytes` lives (a weak reference: evicting the
 * bytes from their cache drops it). The bytes must never change afterwards.
 */
export function keptDeflated(bytes: Buffer): { deflated: Buffer } {
  return { deflated: kept(deflatedOnce, bytes, () => deflatePiece(bytes)) };
}

/** `bytes` as stored blocks (type 00, not final): the length, its complement, the bytes. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_STORED_BLOCK) {
    const chunk = bytes.subarray(start, start + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * A gzip member that inflates to `whole` (its parts in order, never joined here: the trailer's CRC
 * runs over them one after the other), made of `pieces` in order. The caller promises that the pieces
 * inflate, one after the other, to exactly `whole` (the tests hold every caller to it).
 */
export function gzipJoin(whole: readonly Buffer[], pieces: readonly GzipPiece[]): Buffer {
  const parts: Buffer[] = [HEADER];
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) parts.push(...storedBlocks(piece));
    else parts.push(piece.deflated);
  }
  let crc = 0;
  let length = 0;
  for (const part of whole) {
    crc = zlib.crc32(part, crc);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

/**
 * Whether an `Accept-Encoding` header admits gzip: listed (or `x-gzip`) with a quality above 0, or
 * not listed and `*` admitted (RFC 9110 §12.5.3). No header means no encoding.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: number | undefined;
  let any = 0;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (token === 'gzip' || token === 'x-gzip') gzip = quality;
    else if (token === '*') any = quality;
  }
  return (gzip ?? any) > 0;
}
