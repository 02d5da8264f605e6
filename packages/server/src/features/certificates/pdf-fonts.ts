import { readFileSync } from 'node:fs';
import { create as createFont, type Font } from 'fontkit';
import { sfntFromWoff } from './woff.ts';

/**
 * The fonts of server-made PDFs: Cairo (SIL OFL, from @fontsource/cairo), one file per Unicode subset;
 * see assets/fonts/README.md. Each file is loaded twice, once per process: shaped (fontkit, for the
 * visible outlines) and without its shaping tables (embedded by pdfkit for the text layer, see
 * pdf-text.ts).
 */
export type Face = 'arabic' | 'latin' | 'latinExt';
export type Weight = 'regular' | 'bold';

const FONT_FILES: Record<Face, Record<Weight, string>> = {
  arabic: { regular: 'Cairo-Arabic-Regular.woff', bold: 'Cairo-Arabic-Bold.woff' },
  latin: { regular: 'Cairo-Latin-Regular.woff', bold: 'Cairo-Latin-Bold.woff' },
  latinExt: { regular: 'Cairo-LatinExt-Regular.woff', bold: 'Cairo-LatinExt-Bold.woff' },
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
 * Registers the six text-layer faces on a document as `<face>-<weight>`; the files are read once per
 * process.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const loaded = loadFonts();
  for (const [face, weights] of Object.entries(FONT_FILES))
    for (const [weight, file] of Object.entries(weights))
      doc.registerFont(`${face}-${weight}`, loaded.get(file)!.plain);
}

export const shapedFont = (face: Face, weight: Weight) => loadFonts().get(FONT_FILES[face][weight])!.shaped;
