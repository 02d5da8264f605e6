import PDFDocument from 'pdfkit';
import {
  drawLine,
  fitParagraph,
  lineHeight,
  pdfBytes,
  type TextStyle,
} from '../features/certificates/pdf-text.ts';
import { registerFonts } from '../features/certificates/pdf-fonts.ts';

interface Page {
  lang: 'en' | 'ar';
  heading: string;
  paragraphs: string[];
}

/** The reading of the demo courses: one page in English, one in Arabic (the viewer pages through it). */
const PAGES: Page[] = [
  {
    lang: 'en',
    heading: 'A short guide to open science',
    paragraphs: [
      'Open science is the practice of making research — its questions, data, methods, software and results — available for anyone to read, check, reuse and build on.',
      'Open data: share the data behind a result in a public repository, with a licence and enough description (metadata) for someone else to understand it. The FAIR principles ask that data be Findable, Accessible, Interoperable and Reusable.',
      'Open source: publish the code you used for the analysis under an open-source licence, with instructions to run it. Code that others can run turns a claim into something they can reproduce.',
      'Open access: publish papers where anyone can read them without paying, for example as a preprint or in an open-access journal.',
      'Open licences such as Creative Commons tell others exactly what they may do with your work. CC BY, for instance, allows any reuse as long as the authors are credited.',
      'Start small: pick one project, write down how you will share its data and code, and choose a licence before you publish.',
    ],
  },
  {
    lang: 'ar',
    heading: 'دليل موجز إلى العلوم المفتوحة',
    paragraphs: [
      'العلوم المفتوحة هي إتاحة البحث العلمي بكل مكوناته — أسئلته وبياناته وأساليبه وبرمجياته ونتائجه — ليتمكن أي شخص من قراءته والتحقق منه وإعادة استخدامه والبناء عليه.',
      'البيانات المفتوحة: شارك البيانات التي تستند إليها نتائجك في مستودع عام، مع ترخيص ووصف كافٍ يمكّن الآخرين من فهمها. وتطلب مبادئ FAIR أن تكون البيانات قابلة للعثور عليها والوصول إليها والتشغيل البيني وإعادة الاستخدام.',
      'المصدر المفتوح: انشر الشيفرة التي استخدمتها في التحليل بترخيص مفتوح المصدر مع تعليمات تشغيلها، فالشيفرة التي يستطيع الآخرون تشغيلها تجعل النتيجة قابلة لإعادة الإنتاج.',
      'الوصول المفتوح: انشر أوراقك البحثية حيث يمكن لأي شخص قراءتها مجانًا، مثل النسخ الأولية أو المجلات مفتوحة الوصول.',
      'التراخيص المفتوحة مثل تراخيص المشاع الإبداعي (Creative Commons) توضح للآخرين ما يمكنهم فعله بعملك؛ فترخيص CC BY مثلًا يسمح بأي استخدام بشرط نسبة العمل إلى أصحابه.',
      'ابدأ بخطوة صغيرة: اختر مشروعًا واحدًا، ودوّن كيف ستشارك بياناته وشيفرته، واختر ترخيصًا قبل النشر.',
    ],
  },
];

const BRAND = '#009985';
const INK = '#1f2933';
const MUTED = '#52606d';

/** A real two-page A4 PDF (English and Arabic text, embedded Cairo subsets), a few tens of kilobytes. */
export async function demoCoursePdf(): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: PAGES[0]!.heading },
  });
  const done = pdfBytes(doc);
  registerFonts(doc);

  const margin = 64;
  PAGES.forEach((page, index) => {
    doc.addPage();
    const { width, height } = doc.page;
    const rtl = page.lang === 'ar';
    const anchor = { x: rtl ? width - margin : margin, align: rtl ? ('right' as const) : ('left' as const) };
    doc.rect(0, 0, width, 10).fill(BRAND);

    let y = margin;
    const heading: TextStyle = { size: 22, weight: 'bold', color: INK };
    y += drawLine(doc, page.heading, heading, { ...anchor, y }) + 10;
    const body: TextStyle = { size: 12, weight: 'regular', color: INK };
    for (const paragraph of page.paragraphs) {
      const fitted = fitParagraph(paragraph, body, width - 2 * margin, {
        maxLines: 20,
        minSize: body.size,
      });
      for (const line of fitted.lines)
        y += drawLine(doc, line, fitted.style, { ...anchor, y, base: fitted.base });
      y += lineHeight(body) * 0.6;
    }

    const footer: TextStyle = { size: 9, weight: 'regular', color: MUTED };
    const label = rtl ? `صفحة ${index + 1} من ${PAGES.length}` : `Page ${index + 1} of ${PAGES.length}`;
    drawLine(doc, label, footer, { x: width / 2, y: height - margin / 2 - lineHeight(footer) });
  });

  doc.end();
  return done;
}
