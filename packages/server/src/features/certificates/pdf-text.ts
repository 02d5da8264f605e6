import bidiModule from 'bidi-js';
import type { Font, GlyphRun } from 'fontkit';
import { shapedFont, type Face, type Weight } from './pdf-fonts.ts';

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

// Coverage of the Cairo subsets (fontsource unicode.json), reduced to what text here can contain.
const ARABIC_FACE = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\u200C-\u200E\uFB50-\uFDFF\uFE70-\uFEFC]/;
const LATIN_EXT_FACE =
  /[\u0100-\u0130\u0132-\u0151\u0154-\u02BA\u1D00-\u1DBF\u1E00-\u1EFF\u20A0-\u20AB\uA720-\uA7FF]/;
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

function faceFor(char: string, level: number): Face {
  if (ARABIC_FACE.test(char)) return 'arabic';
  // A space inside Arabic stays in the Arabic run, so fontkit keeps the words in order.
  if (char === ' ' && level % 2 === 1) return 'arabic';
  if (LATIN_EXT_FACE.test(char)) return 'latinExt';
  return 'latin';
}

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

  // Logical runs: one embedding level, one face. Surrogate pairs stay together.
  const runs: { start: number; end: number; level: number; face: Face }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const isPair = /[\uD800-\uDBFF]/.test(chars[i]!) && i + 1 < chars.length;
    const char = isPair ? chars[i]! + chars[i + 1]! : chars[i]!;
    const level = levels[i]!;
    const face = faceFor(char, level);
    const last = runs.at(-1);
    if (last && last.level === level && last.face === face) last.end = i + char.length;
    else runs.push({ start: i, end: i + char.length, level, face });
    if (isPair) i++;
  }

  // Visual order of the runs: where their characters land after bidi reordering.
  const visualPosition = new Array<number>(line.length);
  bidi.getReorderedIndices(line, embedding).forEach((logical, visual) => (visualPosition[logical] = visual));
  const firstVisual = (run: (typeof runs)[number]) =>
    Math.min(...Array.from({ length: run.end - run.start }, (_, k) => visualPosition[run.start + k]!));
  runs.sort((a, b) => firstVisual(a) - firstVisual(b));

  return runs.flatMap((run) => {
    const rtl = run.level % 2 === 1;
    let text = chars.slice(run.start, run.end).join('').replace(BIDI_CONTROLS, '');
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

/** Width in points of one line as it will be drawn. */
export function lineWidth(line: string, style: TextStyle, base: Direction = 'auto'): number {
  return measuredRuns(line, style, base).reduce((total, { width }) => total + width, 0);
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
  for (const { run, font, glyphs, width } of runs) {
    // pdfkit puts a line's top at y and its baseline one ascent below; the outlines do the same.
    drawOutlines(doc, font, glyphs, left, y + (font.ascent * style.size) / font.unitsPerEm, style);
    drawTextLayer(doc, run, style, left, y, width);
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
 * Breaks a paragraph into at most `maxLines` lines no wider than `maxWidth`, shrinking the type from
 * `style.size` down to `minSize` first. Words are kept whole; what still does not fit ends in "…".
 */
export function fitParagraph(
  text: string,
  style: TextStyle,
  maxWidth: number,
  { maxLines, minSize }: { maxLines: number; minSize: number },
): { lines: string[]; style: TextStyle; base: Direction } {
  // Wrapped lines keep the paragraph's direction, even one that starts with a word of the other script.
  const base = bidi.getEmbeddingLevels(text).paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
  const words = text.trim().split(/\s+/);
  for (let size = style.size; ; size = Math.max(minSize, size - 1)) {
    const sized = { ...style, size };
    const lines: string[] = [];
    for (const word of words) {
      const candidate = lines.length ? `${lines.at(-1)} ${word}` : word;
      if (lines.length && lineWidth(candidate, sized, base) <= maxWidth) lines[lines.length - 1] = candidate;
      else lines.push(word);
    }
    const fits = lines.length <= maxLines && lines.every((line) => lineWidth(line, sized, base) <= maxWidth);
    if (fits) return { lines, style: sized, base };
    if (size === minSize)
      return { lines: truncate(lines, sized, maxWidth, maxLines, base), style: sized, base };
  }
}

function truncate(
  lines: string[],
  style: TextStyle,
  maxWidth: number,
  maxLines: number,
  base: Direction,
): string[] {
  const kept = lines.slice(0, maxLines);
  let last = kept.pop() ?? '';
  while (last.length > 1 && lineWidth(`${last}…`, style, base) > maxWidth)
    last = Array.from(last).slice(0, -1).join('');
  return [...kept, `${last.trimEnd()}…`];
}
