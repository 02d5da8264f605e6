import PDFDocument from 'pdfkit';
import { formatIssueDate, LICENSE_INFO, type CourseLicense } from '@app/shared';
import QRCode from 'qrcode';
import type { FastifyBaseLogger } from 'fastify';
import {
  drawCenteredLine,
  fitParagraph,
  lineHeight,
  pdfBytes,
  undrawable,
  type Direction,
  type TextStyle,
} from './pdf-text.ts';
import { registerFonts } from './pdf-fonts.ts';

export interface CertificateContent {
  id: string;
  name: string;
  courseTitle: string;
  courseTitleTr: string | null;
  license: CourseLicense;
  issuedAt: Date;
  verifyUrl: string;
}

const BRAND = '#009985';
const INK = '#1f2933';
const MUTED = '#52606d';

/**
 * Landscape A4, both languages on one page, as a Buffer. Characters that no font can draw are left out
 * and reported to `log` by field, count and script only: the name is personal data.
 */
export async function renderCertificatePdf(
  content: CertificateContent,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer> {
  const fields = {
    name: content.name,
    courseTitle: content.courseTitle,
    courseTitleTr: content.courseTitleTr,
  };
  const undrawn = Object.entries(fields).flatMap(([field, text]) => {
    const missing = undrawable(text ?? '');
    return missing.characters ? [{ field, ...missing }] : [];
  });
  if (undrawn.length)
    log.warn(
      { certificateId: content.id, undrawn },
      'certificate: characters no font can draw were left out',
    );

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `Certificate — ${content.courseTitle}`,
      Author: 'Open Science Courses',
      Subject: `Certificate ${content.id}`,
    },
  });
  const done = pdfBytes(doc);

  registerFonts(doc);
  const { width, height } = doc.page;
  const center = width / 2;
  const textWidth = width - 160;

  doc
    .rect(18, 18, width - 36, height - 36)
    .lineWidth(6)
    .stroke(BRAND);
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(0.8)
    .stroke(BRAND);

  const style = (size: number, weight: 'regular' | 'bold', color: string): TextStyle => ({
    size,
    weight,
    color,
  });
  let y = 52;
  y += drawCenteredLine(
    doc,
    'Open Science Courses  ·  دورات العلوم المفتوحة',
    style(12, 'bold', BRAND),
    center,
    y,
  );
  y += 6;
  y += drawCenteredLine(doc, 'Certificate of Completion', style(32, 'bold', INK), center, y) - 6;
  y += drawCenteredLine(doc, 'شهادة إتمام', style(26, 'bold', INK), center, y);
  // The body (name and course) is centred in the space between the heading and the footer.
  const footerY = height - 150;
  // Never cut: two lines at 30 to 16 pt, then smaller type in more lines within the same height, so
  // the blocks below still fit (see decision 099).
  const name = fitParagraph(content.name, style(30, 'bold', BRAND), textWidth, {
    maxLines: 2,
    minSize: 16,
    whole: true,
  });
  const titles = [content.courseTitle, content.courseTitleTr].filter((title): title is string =>
    Boolean(title),
  );
  const body: { lines: string[]; style: TextStyle; base?: Direction; gapAfter: number }[] = [
    { lines: ['This certifies that  ·  نشهد بأن'], style: style(13, 'regular', MUTED), gapAfter: 2 },
    { ...name, gapAfter: 14 },
    {
      lines: ['has successfully completed the course  ·  قد أتمّ بنجاح الدورة'],
      style: style(13, 'regular', MUTED),
      gapAfter: 2,
    },
    ...titles.map((title) => ({
      ...fitParagraph(title, style(20, 'bold', INK), textWidth, {
        maxLines: titles.length === 1 ? 3 : 2,
        minSize: 13,
      }),
      gapAfter: 0,
    })),
  ];
  const bodyHeight = body.reduce(
    (sum, block) => sum + block.lines.length * lineHeight(block.style) + block.gapAfter,
    0,
  );
  y += Math.max(8, (footerY - 16 - y - bodyHeight) / 2);
  for (const block of body) {
    for (const line of block.lines) y += drawCenteredLine(doc, line, block.style, center, y, block.base);
    if (block === body[1]) {
      // A rule under the learner's name, as on a printed certificate, below the deepest descenders
      // (about a quarter of the size under the baseline, in every face).
      const ruleY = y + 2 + block.style.size * 0.15;
      doc
        .moveTo(center - 170, ruleY)
        .lineTo(center + 170, ruleY)
        .lineWidth(0.8)
        .stroke(BRAND);
    }
    y += block.gapAfter;
  }

  // Footer: date on the left, certificate number on the right, verification address below.
  const label = style(10, 'regular', MUTED);
  const value = style(12, 'bold', INK);
  const columns = [
    {
      x: width * 0.28,
      lines: [
        ['Date of issue  ·  تاريخ الإصدار', label],
        [formatIssueDate(content.issuedAt, 'en'), value],
        [formatIssueDate(content.issuedAt, 'ar'), value],
      ],
    },
    {
      x: width * 0.72,
      lines: [
        ['Certificate ID  ·  رقم الشهادة', label],
        [content.id, style(11, 'bold', INK)],
      ],
    },
  ] as const;
  for (const column of columns) {
    let columnY = footerY;
    for (const [text, lineStyle] of column.lines)
      columnY += drawCenteredLine(doc, text, lineStyle, column.x, columnY);
  }
  const licence = LICENSE_INFO[content.license];
  const small = style(9, 'regular', MUTED);
  // As the columns' labels, "English · Arabic", then a dash before the value: no colon, whose side
  // would be right for one reader and wrong for the other in a line of both (the Arabic label's colon
  // on its left put the value it names on the other side of it).
  drawCenteredLine(
    doc,
    `Licence  ·  الترخيص  —  ${licence.short}  ${licence.deed}`,
    small,
    center,
    height - 74,
  );
  drawCenteredLine(
    doc,
    `Verify  ·  للتحقق  —  ${content.verifyUrl}`,
    style(9, 'regular', MUTED),
    center,
    height - 30 - lineHeight(style(9, 'regular', MUTED)) - 12,
  );

  drawQrCode(doc, content.verifyUrl, center, footerY - 2, 74);

  doc.end();
  return done;
}

/** A QR code of `text` as vector squares, centred on `centerX` with its top at `top`. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, centerX: number, top: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  const left = centerX - size / 2;
  for (let row = 0; row < modules.size; row += 1)
    for (let column = 0; column < modules.size; column += 1)
      if (modules.get(row, column)) doc.rect(left + column * cell, top + row * cell, cell, cell);
  doc.fill(INK);
}
