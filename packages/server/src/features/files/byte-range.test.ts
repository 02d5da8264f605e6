import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range.ts';

const ETAG = '"abc"';
const of100 = (range: string | undefined, ifRange?: string) => requestedRange(range, ifRange, 100, ETAG);

describe('requestedRange', () => {
  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=90-', 90, 99],
    ['bytes=-10', 90, 99],
    ['bytes=-1000', 0, 99], // a suffix longer than the file is the whole file, as a part
    ['bytes=95-1000', 95, 99], // the end is clamped to the last byte
    ['bytes=99-99', 99, 99],
    ['Bytes=5-6', 5, 6], // the unit is case-insensitive
    [' bytes=5-6 ', 5, 6],
  ])('%s is bytes %i to %i', (range, start, end) => {
    expect(of100(range)).toEqual({ kind: 'part', start, end });
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another unit', 'items=0-9'],
    ['no numbers', 'bytes=-'],
    ['a reversed range', 'bytes=9-0'],
    ['several ranges', 'bytes=0-9,20-29'],
    ['garbage', 'bytes=a-b'],
    ['a negative start', 'bytes=--5'],
  ])('%s means the whole file', (_name, range) => {
    expect(of100(range)).toEqual({ kind: 'whole' });
  });

  it.each([
    ['a start at the end', 'bytes=100-'],
    ['a start past the end', 'bytes=1000-2000'],
    ['an enormous start', 'bytes=99999999999999999999999-'],
    ['an empty suffix', 'bytes=-0'],
  ])('%s cannot be satisfied', (_name, range) => {
    expect(of100(range)).toEqual({ kind: 'unsatisfiable' });
  });

  it('serves the part only while If-Range names this version', () => {
    expect(of100('bytes=0-9', ETAG)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(of100('bytes=0-9', '"other"')).toEqual({ kind: 'whole' });
    expect(of100('bytes=0-9', `W/${ETAG}`)).toEqual({ kind: 'whole' }); // If-Range compares strongly
    expect(of100('bytes=0-9', 'Sat, 28 Nov 2026 01:00:00 GMT')).toEqual({ kind: 'whole' });
    expect(requestedRange('bytes=0-9', [ETAG, ETAG], 100, ETAG)).toEqual({ kind: 'whole' });
  });
});
