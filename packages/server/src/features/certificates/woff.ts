import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 → plain sfnt (TrueType/OpenType) bytes. fontkit reads WOFF itself, but it inflates every
 * table with a pure-JavaScript inflater on each access, which made one certificate cost ~200 ms of
 * CPU. Unwrapping once per process with node:zlib removes that. `omit` leaves tables out (by tag).
 * Format: https://www.w3.org/TR/WOFF/
 */
export function sfntFromWoff(woff: Buffer, { omit = [] }: { omit?: string[] } = {}): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);

  const tables = Array.from({ length: woff.readUInt16BE(12) }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  }).filter((table) => !omit.includes(table.tag.toString('latin1')));
  const numTables = tables.length;

  const headerSize = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((total, table) => total + padded(table.data.length), headerSize);
  const sfnt = Buffer.alloc(size);
  const searchPower = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(searchPower * 16, 6);
  sfnt.writeUInt16BE(Math.log2(searchPower), 8);
  sfnt.writeUInt16BE(numTables * 16 - searchPower * 16, 10);

  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(sfnt, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
