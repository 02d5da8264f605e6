import { readFileSync } from 'node:fs';
import bidiModule from 'bidi-js';
import { sfntFromWoff } from './woff.ts';

/**
 * Bilingual text for pdfkit. pdfkit shapes Arabic (fontkit applies the joining forms and lays a
 * right-to-left run out right to left) but it knows nothing of the Unicode bidirectional algorithm:
 * a line that mixes Arabic and Latin would come out in logical order. So each line is cut into runs
 * of one embedding level and one font face (bidi-js), the runs are put in visual order here, and
 * each run is handed to pdfkit whole (`features: []` stops pdfkit from laying words out one by one,
 * which would undo the right-to-left word order).
 */

/** Cairo (SIL OFL, from @fontsource/cairo), one file per Unicode subset; see assets/fonts/README.md. */
export type Face = 'arabic' | 'latin' | 'latinExt';
export type Weight = 'regular' | 'bold';

const FONT_FILES: Record<Face, Record<Weight, string>> = {
  arabic: { regular: 'Cairo-Arabic-Regular.woff', bold: 'Cairo-Arabic-Bold.woff' },
  latin: { regular: 'Cairo-Latin-Regular.woff', bold: 'Cairo-Latin-Bold.woff' },
  latinExt: { regular: 'Cairo-LatinExt-Regular.woff', bold: 'Cairo-LatinExt-Bold.woff' },
};

/** Same relative place from src/ (tsx, vitest) and dist/ (node): packages/server/assets/fonts. */
const FONT_DIR = new URL('../../../assets/fonts/', import.meta.url);

let fontBytes: Map<string, Buffer> | undefined;

/** The document's bytes once it is ended (call before drawing, await after `doc.end()`). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Registers the six faces on a document as `<face>-<weight>`; the files are read once per process. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  fontBytes ??= new Map(
    Object.values(FONT_FILES)
      .flatMap((weights) => Object.values(weights))
      .map((file) => [file, sfntFromWoff(readFileSync(new URL(file, FONT_DIR)))]),
  );
  for (const [face, weights] of Object.entries(FONT_FILES))
    for (const [weight, file] of Object.entries(weights))
      doc.registerFont(`${face}-${weight}`, fontBytes.get(file));
}

// Coverage of the Cairo subsets (fontsource unicode.json), reduced to what text here can contain.
const ARABIC_FACE = /[\u0600-\u06FF\u0750-\u077F\u0870-\u08FF\u200C-\u200E\uFB50-\uFDFF\uFE70-\uFEFC]/;
const LATIN_EXT_FACE =
  /[\u0100-\u0130\u0132-\u0151\u0154-\u02BA\u1D00-\u1DBF\u1E00-\u1EFF\u20A0-\u20AB\uA720-\uA7FF]/;
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

  return runs.map((run) => {
    const rtl = run.level % 2 === 1;
    let text = chars.slice(run.start, run.end).join('');
    // fontkit picks the direction from the script, not from the bidi level. Where they disagree
    // (neutrals inside Arabic, Arabic-Indic digits inside a number) the run holds no joining letters,
    // so reversing its characters gives the visual order the level asks for.
    if (shaperLaysOutRtl(text) !== rtl) text = Array.from(text).reverse().join('');
    return { text, face: run.face, rtl };
  });
}

export interface TextStyle {
  size: number;
  weight: Weight;
  color: string;
}

function useRun(doc: PDFKit.PDFDocument, run: VisualRun, style: TextStyle): void {
  doc.font(`${run.face}-${style.weight}`).fontSize(style.size);
}

/** The line's runs in visual order, each with its width in points. */
function measuredRuns(doc: PDFKit.PDFDocument, line: string, style: TextStyle, base: Direction) {
  return visualRuns(line, base).map((run) => {
    useRun(doc, run, style);
    return { run, width: doc.widthOfString(run.text, { features: [] }) };
  });
}

/** Width in points of one line as it will be drawn. */
export function lineWidth(
  doc: PDFKit.PDFDocument,
  line: string,
  style: TextStyle,
  base: Direction = 'auto',
): number {
  return measuredRuns(doc, line, style, base).reduce((total, { width }) => total + width, 0);
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
  const runs = measuredRuns(doc, line, style, base);
  const total = runs.reduce((sum, { width }) => sum + width, 0);
  let left = align === 'center' ? x - total / 2 : align === 'right' ? x - total : x;
  for (const { run, width } of runs) {
    useRun(doc, run, style);
    doc.fillColor(style.color).text(run.text, left, y, { features: [], lineBreak: false });
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
  doc: PDFKit.PDFDocument,
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
      if (lines.length && lineWidth(doc, candidate, sized, base) <= maxWidth)
        lines[lines.length - 1] = candidate;
      else lines.push(word);
    }
    const fits =
      lines.length <= maxLines && lines.every((line) => lineWidth(doc, line, sized, base) <= maxWidth);
    if (fits) return { lines, style: sized, base };
    if (size === minSize)
      return { lines: truncate(doc, lines, sized, maxWidth, maxLines, base), style: sized, base };
  }
}

function truncate(
  doc: PDFKit.PDFDocument,
  lines: string[],
  style: TextStyle,
  maxWidth: number,
  maxLines: number,
  base: Direction,
): string[] {
  const kept = lines.slice(0, maxLines);
  let last = kept.pop() ?? '';
  while (last.length > 1 && lineWidth(doc, `${last}…`, style, base) > maxWidth)
    last = Array.from(last).slice(0, -1).join('');
  return [...kept, `${last.trimEnd()}…`];
}
