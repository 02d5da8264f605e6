import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import {
  aCourse,
  aViewer,
  renderAuthoring,
  stubApi,
  type RecordedCall,
} from '../../test/render-authoring.tsx';
import { CourseForm } from './course-form.tsx';

// A failed PDF upload keeps the file the author chose, and "Try again" sends that same file (decision 096).

const uploaded = {
  status: 201,
  body: {
    success: true,
    data: { _id: 'new', secure_url: '/api/v1/files/new', content_type: 'application/pdf', size: 9 },
  },
};
const unavailable = {
  status: 503,
  body: { success: false, message: 'The service is unavailable for a moment.', code: 'DATABASE_UNAVAILABLE' },
};
const pdf = (name = 'notes.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

/**
 * The API with POST /files answered by `uploads` in turn (a thrown error: the connection cut), each
 * answer waiting for `release()` when `hold` says so; the creation of the course answered.
 */
function stubUploads(uploads: ({ status: number; body: unknown } | Error)[], hold = (_try: number) => false) {
  let tries = 0;
  const waiting: (() => void)[] = [];
  const calls = stubApi({
    'POST /files': () => {
      const answer = uploads[tries - 1]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    'POST /course/new': {
      status: 201,
      body: { success: true, message: 'New course created successfully', data: { course: aCourse() } },
    },
  });
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!(init?.method === 'POST' && url.endsWith('/files'))) return stubbed(input, init);
    tries += 1;
    const answer = await stubbed(input, init); // recorded at once
    if (hold(tries)) await new Promise<void>((resolve) => waiting.push(resolve));
    return answer;
  });
  return { calls, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

const uploadsOf = (calls: RecordedCall[]) => calls.filter((call) => call.key === 'POST /files');

/** A new course's form with one section of one PDF resource; returns that resource. */
async function renderWithPdfResource(language: 'en' | 'ar' = 'en') {
  await renderAuthoring(<CourseForm course={null} viewer={aViewer()} headingLevel={1} onDone={() => {}} />, {
    language,
  });
  const en = language === 'en';
  fireEvent.click(screen.getByRole('button', { name: en ? 'Add Section' : 'إضافة قسم' }));
  fireEvent.click(screen.getByRole('button', { name: en ? 'Add Resources' : 'إضافة مورد' }));
  const resource = screen.getByTestId('resource-1-1');
  fireEvent.change(within(resource).getByLabelText(en ? 'Resource type' : 'نوع المورد'), {
    target: { value: 'pdf' },
  });
  return resource;
}

function pick(resource: HTMLElement, file: File, label = 'PDF file') {
  const input = within(resource).getByLabelText(label, { exact: true });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.focus();
  fireEvent.change(input);
  return input;
}

describe('PdfField: a failed upload', () => {
  it('keeps the chosen file; "Try again" sends that same file, the saves waiting, and the resource gets its address', async () => {
    const { calls, release } = stubUploads([unavailable, uploaded], (attempt) => attempt === 2);
    const resource = await renderWithPdfResource();
    const chosen = pdf();
    const input = pick(resource, chosen);

    expect(await within(resource).findByRole('alert')).toHaveTextContent(
      'The service is unavailable for a moment.',
    );
    const retry = within(resource).getByRole('button', { name: 'Try again' });
    expect(retry).toHaveAccessibleDescription('The file notes.pdf was not uploaded.');
    // What the author chose is still named beside the picker.
    expect(input).toHaveAccessibleDescription(expect.stringContaining('notes.pdf'));

    retry.focus();
    fireEvent.click(retry);
    await waitFor(() => expect(uploadsOf(calls)).toHaveLength(2));
    expect(uploadsOf(calls)[1]!.file).toBe(chosen);
    // While it is sent again: the saves wait for it, and the pressed button keeps the focus.
    const save = screen.getByRole('button', { name: 'Add Course' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByText('Waiting for the upload to finish…')).toBeInTheDocument();
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(retry).toHaveFocus();

    release();
    expect(await screen.findByText('PDF uploaded')).toBeInTheDocument();
    await waitFor(() => expect(within(resource).queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(within(resource).getByText('A PDF is attached.')).toBeInTheDocument();
    expect(within(resource).queryByRole('alert')).toBeNull();
    // The button went with the focus in it: the file input has it, not the page.
    await waitFor(() => expect(input).toHaveFocus());

    fireEvent.change(screen.getByLabelText('Course title', { exact: true }), {
      target: { value: 'Open Science' },
    });
    fireEvent.change(screen.getByLabelText('Author', { exact: true }), { target: { value: 'Hala' } });
    fireEvent.change(screen.getByLabelText('Course description', { exact: true }), {
      target: { value: 'About.' },
    });
    fireEvent.change(screen.getByLabelText('Section title', { exact: true }), { target: { value: 'Start' } });
    fireEvent.change(screen.getByLabelText('Section description', { exact: true }), {
      target: { value: 'First.' },
    });
    fireEvent.change(within(resource).getByLabelText('Resource title', { exact: true }), {
      target: { value: 'Notes' },
    });
    fireEvent.change(within(resource).getByLabelText('Resource description', { exact: true }), {
      target: { value: 'Read them.' },
    });
    pick(document.body, new File([new Uint8Array(9)], 'cover.png', { type: 'image/png' }), 'Course photo');
    fireEvent.click(save);
    await waitFor(() => expect(calls.find((call) => call.key === 'POST /course/new')).toBeDefined());
    expect(calls.find((call) => call.key === 'POST /course/new')!.body).toMatchObject({
      coursesection: [{ resources: [{ type: 'pdf', file: '/api/v1/files/new' }] }],
    });
  });

  it('a new file chosen after a cut connection replaces the failed one', async () => {
    const { calls } = stubUploads([new TypeError('Failed to fetch'), uploaded]);
    const resource = await renderWithPdfResource();
    const input = pick(resource, pdf('first.pdf'));
    expect(await within(resource).findByRole('alert')).toHaveTextContent('We could not reach the server.');
    expect(within(resource).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    const second = pdf('second.pdf');
    pick(resource, second);
    await waitFor(() => expect(within(resource).queryByRole('button', { name: 'Try again' })).toBeNull());
    expect(await within(resource).findByText('A PDF is attached.')).toBeInTheDocument();
    expect(uploadsOf(calls).map((call) => call.file)).toEqual([
      expect.objectContaining({ name: 'first.pdf' }),
      second,
    ]);
    expect(within(resource).queryByRole('alert')).toBeNull();
    expect(within(resource).queryByText(/first\.pdf/)).toBeNull();
    expect(input).toHaveFocus();
  });

  it('keeps the failed file while the resource is switched to another type and back', async () => {
    stubUploads([unavailable]);
    const resource = await renderWithPdfResource();
    pick(resource, pdf());
    await within(resource).findByRole('button', { name: 'Try again' });
    const type = within(resource).getByLabelText('Resource type');
    fireEvent.change(type, { target: { value: 'video' } });
    fireEvent.change(type, { target: { value: 'pdf' } });
    expect(within(resource).getByRole('button', { name: 'Try again' })).toHaveAccessibleDescription(
      'The file notes.pdf was not uploaded.',
    );
  });

  it('offers no "Try again" for a file the server refused', async () => {
    stubUploads([
      {
        status: 415,
        // The server's answer names every kind POST /files stores; this field takes PDFs only.
        body: {
          success: false,
          message: 'Only PDF, PNG or JPEG files are accepted.',
          code: 'UNSUPPORTED_FILE_TYPE',
        },
      },
    ]);
    const resource = await renderWithPdfResource();
    pick(resource, pdf());
    expect(await within(resource).findByRole('alert')).toHaveTextContent('Only PDF files can be uploaded');
    expect(within(resource).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(resource).getByText('No file chosen')).toBeInTheDocument();
  });

  it('says it in Arabic', async () => {
    stubUploads([unavailable]);
    const resource = await renderWithPdfResource('ar');
    pick(resource, pdf(), 'ملف PDF');
    const retry = await within(resource).findByRole('button', { name: 'حاول مرة أخرى' });
    // (The test's description computation puts a space after the name's `bdi`.)
    expect(retry).toHaveAccessibleDescription(/^لم يُرفَع الملف notes\.pdf ?\.$/);
  });
});

describe('PdfField: a refused file', () => {
  it('says why in the language switched to since', async () => {
    stubUploads([]);
    const resource = await renderWithPdfResource();
    pick(resource, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(resource).getByRole('alert')).toHaveTextContent('Only PDF files can be uploaded');
    await act(() => activateLanguage('ar'));
    expect(within(resource).getByRole('alert')).toHaveTextContent('لا يمكن رفع سوى ملفات PDF');
  });
});

describe('PdfField: a file named .pdf that is not a PDF', () => {
  /** A JPEG's first bytes, the file renamed notpdf.pdf (and typed as a PDF by the browser, from its name). */
  const jpegNamedPdf = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])], 'notpdf.pdf', {
      type: 'application/pdf',
    });
  // What POST /files answers for those bytes: stored as what they are, an image.
  const storedAsJpeg = {
    status: 201,
    body: {
      success: true,
      data: { _id: 'jpeg', secure_url: '/api/v1/files/jpeg', content_type: 'image/jpeg', size: 10 },
    },
  };

  it('is refused on selection by its first bytes, as a wrong type is, and not uploaded', async () => {
    const { calls } = stubUploads([storedAsJpeg]);
    const resource = await renderWithPdfResource();
    const input = pick(resource, jpegNamedPdf());
    expect(await within(resource).findByRole('alert')).toHaveTextContent('Only PDF files can be uploaded');
    expect(await screen.findAllByText('Only PDF files can be uploaded')).toHaveLength(2); // and its toast
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(resource).getByText('No file chosen')).toBeInTheDocument();
    expect(within(resource).queryByRole('button', { name: 'View Pdf' })).toBeNull();
    expect(within(resource).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(uploadsOf(calls)).toHaveLength(0);
    expect(screen.queryByText('PDF uploaded')).toBeNull();

    // A real PDF picked next goes through, and the refusal goes.
    stubUploads([uploaded]);
    pick(resource, pdf());
    expect(await within(resource).findByText('A PDF is attached.')).toBeInTheDocument();
    expect(within(resource).queryByRole('alert')).toBeNull();
  });

  it('says it in Arabic', async () => {
    stubUploads([storedAsJpeg]);
    const resource = await renderWithPdfResource('ar');
    pick(resource, jpegNamedPdf(), 'ملف PDF');
    expect(await within(resource).findByRole('alert')).toHaveTextContent('لا يمكن رفع سوى ملفات PDF');
  });

  it('is not attached when the server stored something else than a PDF', async () => {
    // Bytes this browser read as a PDF's that the server, which decides, did not take for one.
    stubUploads([storedAsJpeg]);
    const resource = await renderWithPdfResource();
    pick(resource, pdf('odd.pdf'));
    expect(await within(resource).findByRole('alert')).toHaveTextContent('Only PDF files can be uploaded');
    expect(within(resource).getByText('No file chosen')).toBeInTheDocument();
    expect(within(resource).queryByRole('button', { name: 'View Pdf' })).toBeNull();
    expect(within(resource).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('PDF uploaded')).toBeNull();
  });
});

describe("PdfField: the field's toast", () => {
  it('is one for its refusals, each replacing the one before, and goes once a file passes', async () => {
    stubUploads([uploaded]);
    const resource = await renderWithPdfResource();
    pick(resource, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getAllByText('Only PDF files can be uploaded')).toHaveLength(2));
    pick(resource, new File(['%PDF-1.4', new Uint8Array(200_000)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('file size too large')).toBeInTheDocument(); // the toast
    // The first refusal's toast was replaced, not stacked (the field says the newer one too).
    await waitFor(() => expect(screen.queryByText('Only PDF files can be uploaded')).toBeNull());
    pick(resource, pdf());
    expect(await within(resource).findByRole('button', { name: 'View Pdf' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('file size too large')).toBeNull());
  });
});

describe('PdfField: "View Pdf"', () => {
  async function viewAttached() {
    stubUploads([uploaded]);
    const resource = await renderWithPdfResource();
    pick(resource, pdf());
    fireEvent.click(await within(resource).findByRole('button', { name: 'View Pdf' }));
    return screen.getByRole('dialog', { name: 'View Pdf' });
  }

  it('shows the PDF in a frame where the browser can', async () => {
    vi.stubGlobal('navigator', { ...navigator, pdfViewerEnabled: true });
    const dialog = await viewAttached();
    expect(within(dialog).getByTitle('The attached PDF')).toHaveAttribute('src', '/api/v1/files/new');
    expect(within(dialog).getByRole('link', { name: /Open the PDF in a new tab/ })).toHaveAttribute(
      'href',
      '/api/v1/files/new',
    );
  });

  it('says so, with the link, where the browser shows no PDF in a page (Chrome on Android)', async () => {
    vi.stubGlobal('navigator', { ...navigator, pdfViewerEnabled: false });
    const dialog = await viewAttached();
    expect(within(dialog).queryByTitle('The attached PDF')).toBeNull();
    expect(
      within(dialog).getByText(
        'This browser does not show a PDF inside a page: open it in a new tab to see it.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Open the PDF in a new tab/ })).toHaveAttribute(
      'href',
      '/api/v1/files/new',
    );
  });
});
