import { readFileSync } from 'node:fs';
import { create as createFont, type Font } from 'fontkit';
import { sfntFromWoff } from './woff.ts';

/**
 * The fonts of server-made PDFs, one file per Unicode subset; see assets/fonts/README.md. Cairo (SIL OFL,
 * from @fontsource/cairo) draws Arabic and Latin, as on the site; Noto Sans (SIL OFL, from
 * @fontsource/noto-sans) draws what Cairo has no glyph for, so a learner's name in another script is
 * printed too. Each file is loaded twice, once per process: shaped (fontkit, for the visible outlines)
 * and without its shaping tables (embedded by pdfkit for the text layer, see pdf-text.ts).
 */
export type Weight = 'regular' | 'bold';

/**
 * The faces in the order a character tries them (pdf-text.ts takes the first with its glyph): Cairo
 * before Noto, so Arabic and Latin text keeps the site's face and Noto only fills Cairo's gaps.
 */
export const FACES = [
  'latin',
  'latinExt',
  'arabic',
  'notoLatin',
  'notoLatinExt',
  'notoVietnamese',
  'notoCyrillic',
  'notoCyrillicExt',
  'notoGreek',
  'notoGreekExt',
  'notoDevanagari',
] as const;
export type Face = (typeof FACES)[number];

const cairo = (subset: string) => ({
  regular: `Cairo-${subset}-Regular.woff`,
  bold: `Cairo-${subset}-Bold.woff`,
});
const noto = (subset: string) => ({
  regular: `NotoSans-${subset}-Regular.woff`,
  bold: `NotoSans-${subset}-Bold.woff`,
});

const FONT_FILES: Record<Face, Record<Weight, string>> = {
  latin: cairo('Latin'),
  latinExt: cairo('LatinExt'),
  arabic: cairo('Arabic'),
  notoLatin: noto('Latin'),
  notoLatinExt: noto('LatinExt'),
  notoVietnamese: noto('Vietnamese'),
  notoCyrillic: noto('Cyrillic'),
  notoCyrillicExt: noto('CyrillicExt'),
  notoGreek: noto('Greek'),
  notoGreekExt: noto('GreekExt'),
  notoDevanagari: noto('Devanagari'),
};

/** Same relative place from src/ (tsx, vitest) and dist/ (node): packages/server/assets/fonts. */
const FONT_DIR = new URL('../../../assets/fonts/', import.meta.url);

/** Tables that make fontkit substitute or move glyphs; the text layer's copy of each face has none. */
const SHAPING_TABLES = ['GSUB', 'GPOS', 'GDEF', 'kern', 'morx'];

/** Per file: the full font (to shape and outline) and the unshaped copy pdfkit embeds as text. */
let fonts: Map<string, { shaped: Font; plain: Buffer }> | undefined;

function loadFonts() {
  fonts ??= new Map(
    Object.values(FONT_FILES)
      .flatMap((weights) => Object.values(weights))
      .map((file) => {
        const woff = readFileSync(new URL(file, FONT_DIR));
        const shaped = createFont(sfntFromWoff(woff)) as Font;
        return [file, { shaped, plain: sfntFromWoff(woff, { omit: SHAPING_TABLES }) }];
      }),
  );
  return fonts;
}

/**
 * Registers every text-layer face on a document as `<face>-<weight>`; the files are read once per
 * process, and pdfkit embeds only the faces a document uses, each cut down to the glyphs it uses.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const loaded = loadFonts();
  for (const [face, weights] of Object.entries(FONT_FILES))
    for (const [weight, file] of Object.entries(weights))
      doc.registerFont(`${face}-${weight}`, loaded.get(file)!.plain);
}

export const shapedFont = (face: Face, weight: Weight) => loadFonts().get(FONT_FILES[face][weight])!.shaped;

/**
 * Whether the face has a glyph for the code point in both weights, so a character is drawn in the same
 * face whatever the weight (both files of a subset cover the same characters today).
 */
export const faceHasGlyph = (face: Face, codePoint: number): boolean =>
  shapedFont(face, 'regular').hasGlyphForCodePoint(codePoint) &&
  shapedFont(face, 'bold').hasGlyphForCodePoint(codePoint);
