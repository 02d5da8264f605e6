/**
 * Which bytes of a stored file a download sends (RFC 9110 §14): the whole file, one part of it, or
 * nothing because the part asked for lies past its end. pdf.js asks for parts of a PDF larger than
 * 128 kB when the answer says `Accept-Ranges: bytes`, and shows the first page before the rest has
 * arrived (decision 082).
 */
export type ByteRange =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: ByteRange = { kind: 'whole' };
const ONE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * The range a request's `Range` header asks of a file of `size` bytes with the strong ETag `etag`.
 * Everything the RFC lets a server ignore is answered with the whole file: no header, another unit, a
 * malformed range, several ranges (a multipart answer would serve no client of ours), and an
 * `If-Range` naming another version of the file (or a date: these answers carry no Last-Modified).
 */
export function requestedRange(
  range: string | undefined,
  ifRange: string | readonly string[] | undefined,
  size: number,
  etag: string,
): ByteRange {
  if (!range) return WHOLE;
  // Node gives a repeated If-Range as a list: it names no one version.
  if (ifRange !== undefined && (typeof ifRange !== 'string' || ifRange.trim() !== etag)) return WHOLE;
  const match = ONE_RANGE.exec(range.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return WHOLE;
    // A suffix: the last N bytes. "bytes=-0" asks for none of them.
    const length = Number(last);
    return length === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last); // "bytes=N-": from N to the end
  if (end < start) return WHOLE; // invalid: RFC 9110 §14.1.1 lets it be ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}
