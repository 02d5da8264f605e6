import { randomBytes } from 'node:crypto';
import zlib, { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptsGzip, deflatePiece, gzipJoin, keptDeflated, type GzipPiece } from './gzip-join.ts';

const text = (bytes: number, seed: string) =>
  Buffer.from(
    Array.from({ length: Math.ceil(bytes / seed.length) }, () => seed)
      .join('')
      .slice(0, bytes),
  );

describe('a gzip member joined from pieces (decision 057)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('inflates, CRC and length checked, to the pieces in order: deflated ones and stored ones', () => {
    const course = text(9_000, '{"title":"Open data","title_tr":"البيانات المفتوحة"},');
    const caller = Buffer.from(',"enrolled_users":["c0ffee"],"enrolled":true,"progress":50}');
    const tail = text(3_000, '],"pagination":{"total":20}}');
    const whole = Buffer.concat([course, caller, tail, caller]);
    const pieces: GzipPiece[] = [
      { deflated: deflatePiece(course) },
      caller,
      { deflated: deflatePiece(tail) },
      caller,
    ];
    // The whole as its parts, as the answers give it: the trailer's CRC runs over them in order.
    const member = gzipJoin([course, caller, tail, caller], pieces);
    expect(gunzipSync(member)).toEqual(whole);
    expect(gzipJoin([whole], pieces)).toEqual(member);
    // The shared bytes are compressed: the member is far smaller than what it inflates to.
    expect(member.length).toBeLessThan(whole.length / 5);
  });

  it('stores a caller’s piece longer than one stored block (64 kB) in several', () => {
    const large = randomBytes(150_000);
    const start = Buffer.from('{"data":');
    const whole = Buffer.concat([start, large, start]);
    expect(gunzipSync(gzipJoin([whole], [{ deflated: deflatePiece(start) }, large, start]))).toEqual(whole);
  });

  it('joins empty pieces and an empty answer', () => {
    const empty = Buffer.alloc(0);
    expect(gunzipSync(gzipJoin([empty], [empty, { deflated: deflatePiece(empty) }]))).toEqual(empty);
  });

  it('a wrong whole fails the member’s own check rather than inflating to other bytes', () => {
    const bytes = Buffer.from('{"success":true}');
    expect(() => gunzipSync(gzipJoin([Buffer.from('{"success":false}')], [bytes]))).toThrow();
  });

  it('deflates kept bytes once for as long as they live', () => {
    const deflate = vi.spyOn(zlib, 'deflateRawSync');
    const kept = text(2_000, 'open science ');
    expect(keptDeflated(kept)).toEqual(keptDeflated(kept));
    expect(deflate).toHaveBeenCalledTimes(1);
    keptDeflated(Buffer.from(kept)); // equal bytes, another buffer: deflated anew
    expect(deflate).toHaveBeenCalledTimes(2);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br, gzip', true],
    ['x-gzip', true],
    ['GZIP;q=0.5', true],
    ['br;q=1, *;q=0.1', true],
    ['*', true],
    ['br', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000, *', false],
    ['*;q=0', false],
    ['gzip;q=abc', false],
    ['', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('no header admits no encoding; a repeated header is read whole', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
  });
});
