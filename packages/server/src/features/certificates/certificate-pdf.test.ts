import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderCertificatePdf } from './certificate-pdf.ts';

/** The page's text as pdf.js extracts it (what copy/paste and search in a PDF viewer get), one string per item. */
async function textItems(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.flatMap((item) => ('str' in item ? [item.str] : []));
}

const certificate = (name: string, courseTitleTr: string) =>
  renderCertificatePdf({
    id: '3f2a8c1e-1111-4222-8333-444455556666',
    name,
    courseTitle: 'Open Science in Practice',
    courseTitleTr,
    issuedAt: new Date('2026-11-21T10:00:00Z'),
    verifyUrl: 'https://courses.example.org/certificates/3f2a8c1e-1111-4222-8333-444455556666',
    license: 'CC-BY-SA-4.0',
  });

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

  it('puts the colon of the Arabic footer label at its end (left side, drawn right to left)', async () => {
    const items = await textItems(await certificate('Ada Lovelace', 'العلوم المفتوحة'));
    const footer = items.slice(items.indexOf('Verify ·'));
    // Visual order, left to right: "Verify ·", ":", "للتحقق", the address.
    expect(footer.filter((item) => item.trim()).slice(0, 4)).toEqual([
      'Verify ·',
      ':',
      'للتحقق',
      'https://courses.example.org/certificates/3f2a8c1e-1111-4222-8333-444455556666',
    ]);
  });

  it('names the course licence with its Arabic label isolated the same way', async () => {
    const items = await textItems(await certificate('Ada Lovelace', 'العلوم المفتوحة'));
    const licence = items.slice(items.indexOf('Licence ·')).filter((item) => item.trim());
    expect(licence.slice(0, 3)).toEqual(['Licence ·', ':', 'الترخيص']);
    expect(licence.slice(3).join(' ')).toContain('CC BY-SA 4.0');
  });

  it('writes the Arabic issue date in Latin digits, as the app writes them (decision 054)', async () => {
    const items = await textItems(await certificate('Ada Lovelace', 'العلوم المفتوحة'));
    const text = items.join(' ');
    expect(text).toContain('نوفمبر');
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(text.match(/2026/g)).toHaveLength(2);
  });
});
