import bidiModule from 'bidi-js';
import type { Font, GlyphRun } from 'fontkit';
import { FACES, faceHasGlyph, shapedFont, type Face, type Weight } from './pdf-fonts.ts';

/**
 * Bilingual text for pdfkit, drawn so that it both looks right and copies out right.
 *
 * Looks: each line is cut into runs of one embedding level and one font face (bidi-js) and the runs
 * are put in visual order here (pdfkit knows nothing of the bidirectional algorithm). Each run is
 * shaped by fontkit (Arabic joining forms, ligatures, mark positions) and its glyph outlines are
 * drawn as vector paths.
 *
 * Copies out: over each run lies invisible text (render mode 3) in a copy of the font without its
 * shaping tables, so every character is one glyph that the font's ToUnicode map names exactly, laid
 * out in visual order like any other PDF. Text extractors (pdf.js, poppler, screen readers) read it
 * back in logical order. Shaped glyphs drawn as text could not do that: a ligature such as "لا"
 * maps to two characters that extractors reverse along with the run, and marks and kerning
 * offsets split words into pieces (decision 024).
 */
/** The document's bytes once it is ended (call before drawing, await after `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Bidi controls (marks, embeddings, isolates) steer the ordering but are never drawn. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** fontkit lays a run out right to left when its first non-neutral character is of these scripts. */
const FIRST_SCRIPTED = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export type Direction = 'ltr' | 'rtl' | 'auto';

export interface VisualRun {
  /** The characters as they must be passed to pdfkit (fontkit then orders the glyphs). */
  text: string;
  face: Face;
  rtl: boolean;
}

// bidi-js is CommonJS whose module.exports is the factory, while its typings declare an ES default export.
const bidiFactory = bidiModule as unknown as (typeof bidiModule)['default'];
const bidi = bidiFactory();

/** A letter with the combining marks after it: a face draws all of it or none of it. */
const CLUSTER = /\P{M}\p{M}*|\p{M}+/gu;
/** Invisible characters (joiners, bidi controls) that fontkit hides in any face. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Spaces, punctuation and digits belong to no script: they may stay in the face before them. */
const NO_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

/** Per code point, one bit per face of FACES that draws it (all of them for an invisible one). */
const coverage = new Map<number, number>();
const ALL_FACES = (1 << FACES.length) - 1;

function facesWithGlyph(char: string): number {
  const codePoint = char.codePointAt(0)!;
  let faces = coverage.get(codePoint);
  if (faces === undefined) {
    faces = INVISIBLE.test(char)
      ? ALL_FACES
      : FACES.reduce((bits, face, i) => (faceHasGlyph(face, codePoint) ? bits | (1 << i) : bits), 0);
    // Bounded, although the characters seen are few: any text may reach this.
    if (coverage.size >= 20_000) coverage.clear();
    coverage.set(codePoint, faces);
  }
  return faces;
}

/** The faces (bits, as facesWithGlyph) that draw every character of the cluster. */
function facesDrawing(cluster: string): number {
  let faces = ALL_FACES;
  for (const char of cluster) faces &= facesWithGlyph(char);
  return faces;
}

/**
 * The face that draws a cluster, and the cluster as it is drawn; undefined when no face can. A letter
 * typed as a base and marks that no face has apart (e + U+0302 + U+0303) is drawn composed (ễ), which
 * is the same text.
 */
function faceFor(cluster: string, level: number, previous?: { face: Face; level: number }) {
  // A space inside Arabic stays in the Arabic run, so fontkit keeps the words in order.
  if (cluster === ' ' && level % 2 === 1) return { face: 'arabic' as const, text: cluster };
  let text = cluster;
  let faces = facesDrawing(text);
  if (!faces && cluster.length > 1) {
    text = cluster.normalize('NFC');
    faces = facesDrawing(text);
  }
  if (!faces) return undefined;
  // A name in a fallback face ("Иван Петров") stays one run, so it is one piece of text in the layer.
  if (previous?.level === level && faces & (1 << FACES.indexOf(previous.face)) && NO_SCRIPT.test(text))
    return { face: previous.face, text };
  return { face: FACES[Math.log2(faces & -faces)]!, text };
}

/**
 * What of `text` no face can draw, and so is left out of the page: how many characters and of which
 * scripts. Never the characters themselves, so the answer can be logged even for a learner's name.
 */
export function undrawable(text: string): { characters: number; scripts: string[] } {
  const missing = Array.from(text.matchAll(CLUSTER), ([cluster]) => cluster).filter(
    (cluster) => !faceFor(cluster, 0),
  );
  return { characters: missing.length, scripts: [...new Set(missing.map(scriptOf))] };
}

/** Scripts a name may be written in that no face covers; any other is reported as "other". */
const SCRIPTS = [
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Hebrew',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Tibetan',
  'Mongolian',
  'Georgian',
  'Armenian',
  'Ethiopic',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Syriac',
  'Thaana',
  'Latin',
  'Arabic',
  'Cyrillic',
  'Greek',
  'Devanagari',
  'Common',
  'Inherited',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));

const scriptOf = (cluster: string) => SCRIPTS.find(({ pattern }) => pattern.test(cluster))?.name ?? 'other';

function shaperLaysOutRtl(text: string): boolean {
  const first = FIRST_SCRIPTED.exec(text)?.[0];
  return first !== undefined && RTL_SCRIPT.test(first);
}

/**
 * One line of text → runs in visual order (left to right). `base` is the paragraph direction; 'auto'
 * takes it from the first strong character, as a browser does with `dir="auto"`.
 */
export function visualRuns(line: string, base: Direction = 'auto'): VisualRun[] {
  if (line.length === 0) return [];
  const embedding = bidi.getEmbeddingLevels(line, base);
  const levels = embedding.levels;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const chars = Array.from({ length: line.length }, (_, i) => mirrored.get(i) ?? line[i]!);

  // Logical runs: one embedding level, one face. What no face draws is left out (see undrawable).
  const runs: { start: number; end: number; level: number; face: Face; text: string }[] = [];
  for (const { 0: cluster, index: start } of line.matchAll(CLUSTER)) {
    const end = start + cluster.length;
    const level = levels[start]!;
    const last = runs.at(-1);
    const drawn = faceFor(chars.slice(start, end).join(''), level, last);
    if (!drawn) continue;
    if (last && last.level === level && last.face === drawn.face) {
      last.end = end;
      last.text += drawn.text;
    } else runs.push({ start, end, level, face: drawn.face, text: drawn.text });
  }

  // Visual order of the runs: where their characters land after bidi reordering.
  const visualPosition = new Array<number>(line.length);
  bidi.getReorderedIndices(line, embedding).forEach((logical, visual) => (visualPosition[logical] = visual));
  const firstVisual = (run: (typeof runs)[number]) =>
    Math.min(...Array.from({ length: run.end - run.start }, (_, k) => visualPosition[run.start + k]!));
  runs.sort((a, b) => firstVisual(a) - firstVisual(b));

  return runs.flatMap((run) => {
    const rtl = run.level % 2 === 1;
    let text = run.text.replace(BIDI_CONTROLS, '');
    if (!text) return [];
    // fontkit picks the direction from the script, not from the bidi level. Where they disagree
    // (neutrals inside Arabic, Arabic-Indic digits inside a number) the run holds no joining letters,
    // so reversing its characters gives the visual order the level asks for.
    if (shaperLaysOutRtl(text) !== rtl) text = Array.from(text).reverse().join('');
    return [{ text, face: run.face, rtl }];
  });
}

export interface TextStyle {
  size: number;
  weight: Weight;
  color: string;
}

/** The line's runs in visual order, each shaped, with its width in points. */
function measuredRuns(line: string, style: TextStyle, base: Direction) {
  return visualRuns(line, base).map((run) => {
    const font = shapedFont(run.face, style.weight);
    const glyphs = font.layout(run.text, []);
    return { run, font, glyphs, width: (glyphs.advanceWidth * style.size) / font.unitsPerEm };
  });
}

/** Widths at 1 pt by weight, direction and line: fitting a paragraph measures the same lines at each size. */
const unitWidths = new Map<string, number>();

/** Width in points of one line as it will be drawn. */
export function lineWidth(line: string, style: TextStyle, base: Direction = 'auto'): number {
  const key = `${style.weight} ${base} ${line}`;
  let unit = unitWidths.get(key);
  if (unit === undefined) {
    unit = measuredRuns(line, { ...style, size: 1 }, base).reduce((total, { width }) => total + width, 0);
    if (unitWidths.size >= 2_000) unitWidths.clear();
    unitWidths.set(key, unit);
  }
  return unit * style.size;
}

/** The shaped glyphs' outlines, pen starting at `x` on the baseline `baseline`. */
function drawOutlines(
  doc: PDFKit.PDFDocument,
  font: Font,
  glyphs: GlyphRun,
  x: number,
  baseline: number,
  style: TextStyle,
) {
  const scale = style.size / font.unitsPerEm;
  let pen = x;
  glyphs.glyphs.forEach((glyph, i) => {
    const position = glyphs.positions[i]!;
    const path = glyph.path.toSVG();
    if (path)
      doc
        .save()
        .translate(pen + position.xOffset * scale, baseline - position.yOffset * scale)
        .scale(scale, -scale)
        .path(path)
        .fill(style.color)
        .restore();
    pen += position.xAdvance * scale;
  });
}

/** Combining marks (shadda, fatha…), kept apart in the text layer. */
const MARKS = /(\p{Mn}+)/u;

/** The run's characters as invisible text over its outlines, stretched to the same width. */
function drawTextLayer(
  doc: PDFKit.PDFDocument,
  run: VisualRun,
  style: TextStyle,
  x: number,
  y: number,
  width: number,
) {
  // The unshaped copy keeps characters in the order given, so they are given in visual order.
  const visual = shaperLaysOutRtl(run.text) ? Array.from(run.text).reverse().join('') : run.text;
  doc.font(`${run.face}-${style.weight}`).fontSize(style.size);
  const natural = doc.widthOfString(visual, { features: [] });
  if (natural <= 0 || width <= 0) return;
  const stretch = width / natural;
  // Render mode 3 (neither fill nor stroke) and the font are text state, kept in the graphics state,
  // so they hold inside each of pdfkit's q BT … ET Q. Setting the font out here too tells pdf.js that
  // the segments below share one font (it starts a new text item when a Q changes the font).
  const fontId = (doc as unknown as { _font: { id: string } })._font.id;
  doc.save().addContent(`3 Tr /${fontId} ${style.size} Tf`);
  // fontkit would lift a combining mark onto its letter with a text-matrix jump, which extractors
  // read as a break; drawn on its own (no advance), the mark simply follows in the text.
  // pdfkit supports horizontalScaling (Tz); its typings do not list it yet.
  const options: PDFKit.Mixins.TextOptions & { horizontalScaling: number } = {
    features: [],
    lineBreak: false,
    horizontalScaling: stretch * 100,
  };
  let left = x;
  for (const part of visual.split(MARKS).filter(Boolean)) {
    doc.text(part, left, y, options);
    left += doc.widthOfString(part, { features: [] }) * stretch;
  }
  doc.restore();
}

/**
 * Draws one line with its top at `y`; `x` is where the line is anchored: its centre, its right end
 * (right-to-left paragraphs) or its left end. Returns the line height.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  line: string,
  style: TextStyle,
  { x, y, align = 'center', base = 'auto' }: { x: number; y: number; align?: Align; base?: Direction },
): number {
  const runs = measuredRuns(line, style, base);
  const total = runs.reduce((sum, { width }) => sum + width, 0);
  let left = align === 'center' ? x - total / 2 : align === 'right' ? x - total : x;
  // pdfkit puts a line's top at y and its baseline one ascent below. Faces differ in ascent (Noto's is
  // lower than Cairo's), so every run sits on Cairo's baseline, or a fallback letter inside a word
  // ("Nguyễn") would float above its neighbours.
  const ascent = (font: Font) => (font.ascent * style.size) / font.unitsPerEm;
  const baseline = y + ascent(shapedFont('latin', style.weight));
  for (const { run, font, glyphs, width } of runs) {
    drawOutlines(doc, font, glyphs, left, baseline, style);
    drawTextLayer(doc, run, style, left, baseline - ascent(font), width);
    left += width;
  }
  return lineHeight(style);
}

export type Align = 'center' | 'left' | 'right';

export const drawCenteredLine = (
  doc: PDFKit.PDFDocument,
  line: string,
  style: TextStyle,
  centerX: number,
  y: number,
  base: Direction = 'auto',
): number => drawLine(doc, line, style, { x: centerX, y, base });

export const lineHeight = (style: TextStyle) => style.size * 1.45;

/**
 * Text longer than this is cut (ending in "…") before it is fitted, even with `whole`. No name or title
 * the forms accept comes near it (a holder's name is at most 201 characters, a title 200), but a row
 * stored without those limits (a 100,000-letter name from an identity provider) took a minute of
 * measuring, during which the process answered nothing.
 */
export const MAX_FITTED_LENGTH = 1000;

function bounded(text: string): string {
  if (text.length <= MAX_FITTED_LENGTH) return text;
  let end = 0;
  for (const { 0: letter, index } of text.matchAll(CLUSTER)) {
    if (index + letter.length > MAX_FITTED_LENGTH) break;
    end = index + letter.length;
  }
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * The largest `n` in 1…`count` for which `fits(n)` holds (1 when none does), where a longer piece never
 * fits better: doubling, then halving, so a piece of `n` letters takes about 2·log2(n) measurements
 * instead of one per letter.
 */
function longestFitting(count: number, fits: (n: number) => boolean): number {
  let good = 1;
  let bad = count + 1;
  for (let n = 2; n < bad; n *= 2) {
    if (!fits(n)) bad = n;
    else good = n;
  }
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

/**
 * Breaks a paragraph into at most `maxLines` lines no wider than `maxWidth`, shrinking the type from
 * `style.size` down to `minSize` first. Words are kept whole; what still does not fit ends in "…".
 * With `whole` nothing is ever cut (a certificate holder's name): past `minSize` the type shrinks on
 * while it may take more lines, as many as fit in the height of `maxLines` at `style.size`, and a
 * word wider than a line is broken between letters.
 */
export function fitParagraph(
  text: string,
  style: TextStyle,
  maxWidth: number,
  { maxLines, minSize, whole = false }: { maxLines: number; minSize: number; whole?: boolean },
): { lines: string[]; style: TextStyle; base: Direction } {
  // Wrapped lines keep the paragraph's direction, even one that starts with a word of the other script.
  text = bounded(text);
  const base = bidi.getEmbeddingLevels(text).paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
  const words = text.trim().split(/\s+/);
  for (let size = style.size; ; size = Math.max(minSize, size - 1)) {
    const sized = { ...style, size };
    const lines = wrap(words, sized, maxWidth, base);
    const fits = lines.length <= maxLines && lines.every((line) => lineWidth(line, sized, base) <= maxWidth);
    if (fits) return { lines, style: sized, base };
    if (size === minSize && whole)
      return fitWhole(words, sized, maxWidth, maxLines * lineHeight(style), base);
    if (size === minSize)
      return { lines: truncate(lines, sized, maxWidth, maxLines, base), style: sized, base };
  }
}

/**
 * Words into lines, each as full as `maxWidth` allows. A word wider than that has a line of its own,
 * or with `breakWords` as many lines as its pieces take.
 */
function wrap(words: string[], style: TextStyle, maxWidth: number, base: Direction, breakWords = false) {
  const lines: string[] = [];
  for (const word of words) {
    const candidate = lines.length ? `${lines.at(-1)} ${word}` : word;
    if (lines.length && lineWidth(candidate, style, base) <= maxWidth) lines[lines.length - 1] = candidate;
    else if (breakWords) lines.push(...breakWord(word, style, maxWidth, base));
    else lines.push(word);
  }
  return lines;
}

/**
 * The words in full in at most `maxHeight`, from `style.size` down. Names of the longest length
 * allowed (201 characters in Latin, Arabic, Cyrillic or Greek words) take three lines at 15–16 pt;
 * the size gets small only for strings no one is called, such as 200 of the widest letter.
 */
function fitWhole(
  words: string[],
  style: TextStyle,
  maxWidth: number,
  maxHeight: number,
  base: Direction,
): { lines: string[]; style: TextStyle; base: Direction } {
  for (let size = style.size; ; size -= 1) {
    const sized = { ...style, size };
    const lines = wrap(words, sized, maxWidth, base, true);
    if (lines.length * lineHeight(sized) <= maxHeight || size <= 1) return { lines, style: sized, base };
  }
}

/** A word cut between letters (each keeps its marks) into pieces no wider than `maxWidth`. */
function breakWord(word: string, style: TextStyle, maxWidth: number, base: Direction): string[] {
  if (lineWidth(word, style, base) <= maxWidth) return [word];
  const letters = Array.from(word.matchAll(CLUSTER), ([letter]) => letter);
  const pieces: string[] = [];
  for (let start = 0; start < letters.length;) {
    const piece = (n: number) => letters.slice(start, start + n).join('');
    const count = longestFitting(letters.length - start, (n) => lineWidth(piece(n), style, base) <= maxWidth);
    pieces.push(piece(count));
    start += count;
  }
  return pieces;
}

function truncate(
  lines: string[],
  style: TextStyle,
  maxWidth: number,
  maxLines: number,
  base: Direction,
): string[] {
  const kept = lines.slice(0, maxLines);
  // The last line's first letters (code points, at least one) that fit with the "…".
  const letters = Array.from(kept.pop() ?? '');
  const start = (n: number) => letters.slice(0, n).join('');
  const fits = (n: number) => lineWidth(`${start(n)}…`, style, base) <= maxWidth;
  const count = fits(letters.length) ? letters.length : longestFitting(letters.length - 1, fits);
  return [...kept, `${start(count).trimEnd()}…`];
}
