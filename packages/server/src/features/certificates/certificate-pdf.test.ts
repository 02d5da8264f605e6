import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@app/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderCertificatePdf } from './certificate-pdf.ts';

interface TextItem {
  str: string;
  /** The baseline, in points up from the page's bottom edge. */
  baseline: number;
  size: number;
}

/** The page's text as pdf.js extracts it (what copy/paste and search in a PDF viewer get), item by item. */
async function positionedItems(pdf: Buffer): Promise<TextItem[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.flatMap((item) =>
    'str' in item ? [{ str: item.str, baseline: item.transform[5] as number, size: item.height }] : [],
  );
}

/** The page's text as pdf.js extracts it, one string per item. */
const textItems = async (pdf: Buffer) => (await positionedItems(pdf)).map((item) => item.str);

/** The items of each line joined as they read, one string per line, top to bottom. */
async function textLines(pdf: Buffer): Promise<string[]> {
  const lines = new Map<number, string>();
  for (const item of await positionedItems(pdf)) {
    const baseline = Math.round(item.baseline * 10) / 10;
    lines.set(baseline, (lines.get(baseline) ?? '') + item.str);
  }
  return [...lines.entries()].sort(([a], [b]) => b - a).map(([, line]) => line.trim());
}

const quiet = { warn: () => undefined };

const certificate = (
  name: string,
  courseTitleTr: string,
  { courseTitle = 'Open Science in Practice', log = quiet } = {},
) =>
  renderCertificatePdf(
    {
      id: '3f2a8c1e-1111-4222-8333-444455556666',
      name,
      courseTitle,
      courseTitleTr,
      issuedAt: new Date('2026-11-21T10:00:00Z'),
      verifyUrl: 'https://courses.example.org/certificates/3f2a8c1e-1111-4222-8333-444455556666',
      license: 'CC-BY-SA-4.0',
    },
    log,
  );

/** `text` over and over, cut to exactly `length` characters (never ending on a space). */
function ofLength(text: string, length: number): string {
  let result = text;
  while (result.length < length) result += ` ${text}`;
  result = result.slice(0, length);
  return result.endsWith(' ') ? `${result.slice(0, -1)}${text[0]}` : result;
}

// Names of the longest length sign-up accepts: first and last name of 100 characters each.
const longestLatin = `${ofLength('Maximiliana Alexandrina Josephina Bartholomea', LIMITS.nameMax)} ${ofLength(
  'Featherstonehaugh-Cholmondeley Wolfeschlegelsteinhausen',
  LIMITS.nameMax,
)}`;
const longestArabic = `${ofLength('عبد الرحمن بن محمد بن عبد الله بن إبراهيم', LIMITS.nameMax)} ${ofLength(
  'آل عبد الرحمن القحطاني الدوسري العتيبي الشمري',
  LIMITS.nameMax,
)}`;
const longestTitle = ofLength(
  'Reproducible Research Methods and Open Data Practices for the Sciences',
  LIMITS.titleMax,
);
const longestTitleTr = ofLength(
  'مناهج البحث القابلة لإعادة الإنتاج وممارسات البيانات المفتوحة',
  LIMITS.titleMax,
);

describe('certificate PDF text layer', () => {
  it('gives back the Arabic name and course title as typed (logical order, ligatures, shadda)', async () => {
    // Ligatures (بي، لا، لإ), a kerned pair (في) and a shadda inside a word: each broke copying before.
    const name = 'محمد العتيبي';
    const title = 'أساسيّات العلوم المفتوحة في الممارسة لا الإصدار';
    const items = await textItems(await certificate(name, title));
    expect(items).toContain(name);
    expect(items).toContain(title);
    expect(items).toContain('Open Science in Practice');
  });

  it('labels the footer lines in both languages, then a dash and the value: no colon on either side (r2)', async () => {
    const items = await textItems(await certificate('Ada Lovelace', 'العلوم المفتوحة'));
    const footer = items.slice(items.indexOf('Verify ·')).filter((item) => item.trim());
    // Visual order, left to right: "Verify ·", "للتحقق", then the value after its dash.
    expect(footer.slice(0, 3)).toEqual([
      'Verify ·',
      'للتحقق',
      '— https://courses.example.org/certificates/3f2a8c1e-1111-4222-8333-444455556666',
    ]);
    const licence = items.slice(items.indexOf('Licence ·')).filter((item) => item.trim());
    expect(licence.slice(0, 3)).toEqual([
      'Licence ·',
      'الترخيص',
      '— CC BY-SA 4.0 https://creativecommons.org/licenses/by-sa/4.0/',
    ]);
    expect(items.map((item) => item.trim())).not.toContain(':');
  });

  it('writes the Arabic issue date in Latin digits, as the app writes them (decision 054)', async () => {
    const items = await textItems(await certificate('Ada Lovelace', 'العلوم المفتوحة'));
    const text = items.join(' ');
    expect(text).toContain('نوفمبر');
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(text.match(/2026/g)).toHaveLength(2);
  });

  it.each([
    ['Cyrillic', 'Иван Петров'],
    ['Greek', 'Γιώργος Παπαδόπουλος'],
    ['Vietnamese', 'Nguyễn Thị Minh Khai'],
    ['Devanagari', 'अनुष्का शर्मा'],
  ])('gives back a %s name in full, drawn in a face that has its letters', async (_, name) => {
    const pdf = await certificate(name, 'العلوم المفتوحة');
    expect(await textLines(pdf)).toContain(name);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]+\+NotoSans-Bold/);
  });

  it('draws a Vietnamese name typed as letters and separate marks, which no face has all of', async () => {
    const log = { warn: vi.fn() };
    // No face has U+0302 (circumflex) apart: "ễ" is drawn composed, "ị" as typed.
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 Minh Khai';
    const lines = await textLines(await certificate(decomposed, 'العلوم المفتوحة', { log }));
    expect(lines.map((line) => line.normalize('NFC'))).toContain('Nguyễn Thị Minh Khai');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it.each([
    ['Latin', longestLatin],
    ['Arabic', longestArabic],
  ])(
    'gives back the longest %s name allowed in full, with the longest titles, above the footer',
    async (_, name) => {
      expect(name).toHaveLength(2 * LIMITS.nameMax + 1);
      const items = await positionedItems(
        await certificate(name, longestTitleTr, { courseTitle: longestTitle }),
      );
      const text = items
        .map((item) => item.str)
        .join(' ')
        .replace(/\s+/g, ' ');
      expect(text).toContain(name);
      expect(text).toContain(longestTitle);
      expect(text).toContain(longestTitleTr);
      expect(text).not.toContain('…');
      // Every line of the name and the titles ends (descenders included) above the footer's first
      // line, whose top the QR code shares.
      const footer = items.find((item) => item.str === 'Date of issue ·')!;
      const footerTop = footer.baseline + 1.5 * footer.size;
      const body = items.slice(
        items.findIndex((item) => item.str.startsWith('This certifies that')),
        items.indexOf(footer),
      );
      for (const item of body.filter((item) => item.str.trim()))
        expect(item.baseline - 0.3 * item.size).toBeGreaterThan(footerTop);
    },
  );

  it('never cuts a name, even one of the widest letter without a space to break at', async () => {
    const name = `${'W'.repeat(LIMITS.nameMax)} ${'W'.repeat(LIMITS.nameMax)}`;
    const items = await textItems(await certificate(name, longestTitleTr, { courseTitle: longestTitle }));
    expect(items.join('').match(/W/g)).toHaveLength(2 * LIMITS.nameMax);
  });

  it('prints what it can of a name no face has all the letters of, and says so without the name', async () => {
    const log = { warn: vi.fn() };
    const lines = await textLines(await certificate('王小明 Wang', 'العلوم المفتوحة', { log }));
    expect(lines).toContain('Wang');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toEqual({
      certificateId: '3f2a8c1e-1111-4222-8333-444455556666',
      undrawn: [{ field: 'name', characters: 3, scripts: ['Han'] }],
    });
    expect(JSON.stringify(log.warn.mock.calls)).not.toMatch(/[王小明]|Wang/);
  });
});
