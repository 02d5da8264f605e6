import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { visualRuns } from './pdf-text.ts';
import { sfntFromWoff } from './woff.ts';

/** Runs as [text, face] pairs, left to right on the page. */
const runs = (line: string, base?: 'ltr' | 'rtl' | 'auto') =>
  visualRuns(line, base).map((run) => [run.text, run.face]);

describe('visualRuns (bidi ordering for pdfkit)', () => {
  it('keeps a Latin line as one run', () => {
    expect(runs('Open Science (Part 2)')).toEqual([['Open Science (Part 2)', 'latin']]);
  });

  it('keeps Arabic words with their spaces in one run, in logical order for the shaper to reverse', () => {
    expect(runs('محمد عبد الله')).toEqual([['محمد عبد الله', 'arabic']]);
  });

  it('orders a mixed Arabic line right to left, with numbers and Latin words left to right inside it', () => {
    expect(runs('المفتوحة (الجزء 2) مع R و Python')).toEqual([
      ['Python', 'latin'],
      [' و ', 'arabic'],
      ['R', 'latin'],
      [' مع ', 'arabic'],
      // The closing parenthesis comes first on the left, drawn mirrored as an opening one.
      ['(', 'latin'],
      ['2', 'latin'],
      ['الجزء ', 'arabic'],
      [')', 'latin'],
      ['المفتوحة ', 'arabic'],
    ]);
  });

  it('orders an Arabic word inside an English line where it stands', () => {
    expect(runs('Verify · للتحقق: https://x.test/1')).toEqual([
      ['Verify · ', 'latin'],
      ['للتحقق', 'arabic'],
      [': https://x.test/1', 'latin'],
    ]);
  });

  it('pre-reverses Arabic-Indic digits, which the shaper would otherwise lay out right to left', () => {
    expect(runs('٢١ نوفمبر ٢٠٢٦')).toEqual([
      ['٦٢٠٢', 'arabic'],
      [' نوفمبر ', 'arabic'],
      ['١٢', 'arabic'],
    ]);
  });

  it('uses the Latin Extended face for names such as Łukasz Çağlar', () => {
    expect(runs('Łukasz Çağlar')).toEqual([
      ['Ł', 'latinExt'],
      ['ukasz Ça', 'latin'],
      ['ğ', 'latinExt'],
      ['lar', 'latin'],
    ]);
  });
});

describe('sfntFromWoff', () => {
  it('unwraps the shipped WOFF fonts into TrueType with every table', () => {
    const woff = readFileSync(new URL('../../../assets/fonts/Cairo-Arabic-Regular.woff', import.meta.url));
    const sfnt = sfntFromWoff(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // flavor, e.g. 0x00010000 for TrueType
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12));
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // WOFF records the unwrapped size
  });
});
