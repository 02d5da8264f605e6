import { createAccount, expect, openSignedIn, test } from '../src/fixtures.ts';

/** The first bytes of a JPEG (JFIF), enough for a browser and the server to tell it is not a PDF. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);

/** A minimal PDF: what a PDF's first bytes are is all the field and the server look at. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('a picture renamed .pdf is refused as a PDF on selection and is not uploaded; a PDF is', async ({
  page,
  request,
  t,
}) => {
  const contributor = await createAccount(request, 'Contributor');
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/v1/files')
      uploads.push(sent.url());
  });
  await openSignedIn(page, contributor, '/course/add-course');
  await page.getByRole('button', { name: t('Add Section') }).click();
  await page.getByRole('button', { name: t('Add Resources') }).click();
  const resource = page.getByTestId('resource-1-1');
  await resource.getByLabel(t('Resource type')).selectOption('pdf');
  const file = resource.getByLabel(t('PDF file'), { exact: true });

  await file.setInputFiles({ name: 'notpdf.pdf', mimeType: 'application/pdf', buffer: JPEG });
  await expect(resource.getByRole('alert')).toHaveText(t('Only PDF files can be uploaded'));
  // And the toast, as for a file of another type.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: t('Only PDF files can be uploaded') })
      .first(),
  ).toBeVisible();
  await expect(resource.getByText(t('No file chosen'))).toBeVisible();
  await expect(resource.getByRole('button', { name: t('View Pdf') })).toHaveCount(0);
  expect(uploads).toEqual([]);

  await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(resource.getByRole('button', { name: t('View Pdf') })).toBeVisible();
  await expect(resource.getByRole('alert')).toHaveCount(0);
  expect(uploads).toHaveLength(1);
});
