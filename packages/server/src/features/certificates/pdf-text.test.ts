import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MAX_FITTED_LENGTH,
  fitParagraph,
  lineHeight,
  lineWidth,
  undrawable,
  visualRuns,
} from './pdf-text.ts';
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

describe('faces beyond Cairo (the first face that has a letter draws it)', () => {
  it('draws a Cyrillic or Greek name in Noto Sans, its space kept in the same run', () => {
    expect(runs('Иван Петров')).toEqual([['Иван Петров', 'notoCyrillic']]);
    expect(runs('Γιώργος Παπαδόπουλος')).toEqual([['Γιώργος Παπαδόπουλος', 'notoGreek']]);
  });

  it('keeps Cairo for the letters it has and takes Noto for the rest of a Vietnamese name', () => {
    expect(runs('Nguyễn Văn')).toEqual([
      ['Nguy', 'latin'],
      ['ễ', 'notoVietnamese'],
      ['n V', 'latin'],
      ['ă', 'latinExt'],
      ['n', 'latin'],
    ]);
  });

  it('draws a letter with marks no face has apart in its composed form', () => {
    expect(runs('e\u0302\u0303')).toEqual([['ễ', 'notoVietnamese']]);
  });

  it('leaves out what no face draws, and reports only how much and of which script', () => {
    expect(runs('王小明 Wang')).toEqual([[' Wang', 'latin']]);
    expect(undrawable('王小明 Wang')).toEqual({ characters: 3, scripts: ['Han'] });
    expect(undrawable('Иван Nguyễn محمد अनुष्का')).toEqual({ characters: 0, scripts: [] });
  });
});

describe('fitParagraph', () => {
  const style = { size: 30, weight: 'bold' as const, color: '#000' };
  const name = 'Maximiliana Alexandrina Josephina Bartholomea Christabel Evangelina Wilhelmina Montgomery';

  it('cuts what does not fit in its lines, unless told to keep it whole', () => {
    const cut = fitParagraph(name, style, 300, { maxLines: 1, minSize: 16 });
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/…$/);

    const whole = fitParagraph(name, style, 300, { maxLines: 1, minSize: 16, whole: true });
    expect(whole.lines.join(' ')).toBe(name);
    expect(whole.lines.length * lineHeight(whole.style)).toBeLessThanOrEqual(lineHeight(style));
    for (const line of whole.lines) expect(lineWidth(line, whole.style)).toBeLessThanOrEqual(300);
  });

  it('breaks a word wider than the line between letters only when keeping it whole', () => {
    const word = 'W'.repeat(60);
    const { lines, style: sized } = fitParagraph(word, style, 300, { maxLines: 2, minSize: 16, whole: true });
    expect(lines.join('')).toBe(word);
    for (const line of lines) expect(lineWidth(line, sized)).toBeLessThanOrEqual(300);
  });

  it('cuts a text longer than any name or title the forms accept, even one to keep whole', () => {
    // A name stored before provider names were capped: fitted letter by letter, it held the process.
    const name = `${'ب'.repeat(4000)}😀${'ب'.repeat(4000)}`;
    const { lines, style: sized } = fitParagraph(name, style, 640, { maxLines: 2, minSize: 16, whole: true });
    const drawn = lines.join('');
    expect(drawn.length).toBeLessThanOrEqual(MAX_FITTED_LENGTH + 1);
    expect(drawn).toBe(`${name.slice(0, MAX_FITTED_LENGTH)}…`);
    for (const line of lines) expect(lineWidth(line, sized, 'rtl')).toBeLessThanOrEqual(640);
    // Names and titles within the limits are drawn in full.
    const longest = `${'ب'.repeat(100)} ${'W'.repeat(100)}`;
    const fitted = fitParagraph(longest, style, 640, { maxLines: 2, minSize: 16, whole: true });
    expect(fitted.lines.join(' ').replaceAll(' ', '')).toBe(longest.replace(' ', ''));
  });

  it('cuts a long word in few measurements, not one per letter', () => {
    // Mixed scripts are the slowest to measure: one per letter took 45 s for this, a few ms now.
    const word = 'بW'.repeat(MAX_FITTED_LENGTH / 2);
    const started = performance.now();
    const cut = fitParagraph(word, style, 300, { maxLines: 1, minSize: 16 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/^(بW)+ب?…$/);
    expect(lineWidth(cut.lines[0]!, cut.style)).toBeLessThanOrEqual(300);
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
