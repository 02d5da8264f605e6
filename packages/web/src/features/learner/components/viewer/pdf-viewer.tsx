import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Document, Page, pdfjs, PasswordResponses } from 'react-pdf';
import { FiChevronLeft, FiChevronRight, FiExternalLink, FiZoomIn, FiZoomOut } from 'react-icons/fi';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { Button } from '../../../../components/ui/button.tsx';
import { PasswordPrompt, type PasswordRequest } from './pdf-password-prompt.tsx';

// The pdf.js worker is bundled with the app (no CDN) and, like this whole module, loads only when a PDF
// is opened: the viewer imports it through React.lazy.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

/** The page's content-security policy forbids eval; pdf.js then uses its slower, safe font path. */
const PDF_OPTIONS = { isEvalSupported: false } as const;

/**
 * How much larger than fitted to the frame a page may be drawn. Fitted to a phone's column a page's
 * text is 6–7 px high; pdf.js draws the page again at each size, so it stays sharp, and the frame
 * scrolls both ways.
 */
const ZOOMS = [1, 1.5, 2, 3] as const;

/** Previous/Next with no page that way: looks as a disabled button does (they stay focusable). */
const AT_THE_END =
  'aria-disabled:cursor-not-allowed aria-disabled:border-gray-300 aria-disabled:text-muted aria-disabled:opacity-70 aria-disabled:hover:bg-white';

export interface PdfViewerProps {
  /**
   * The PDF: a same-origin URL, or the bytes as a Blob (pdf.js reads a Blob directly; fetching a blob:
   * URL is not allowed by the page's content-security policy).
   */
  file: string | Blob | null;
  /** Names the document for assistive technology. */
  title: string;
  /** Called when the last page has been drawn (a lesson's PDF then counts as read; decision 033). */
  onLastPage?: () => void;
}

/**
 * One page at a time with "Page {pageNumber} of {numPages}" and previous/next (description §2), at
 * scale 1 unless the column is narrower than the page. Every state of the description has its message,
 * including the password prompt.
 */
export default function PdfViewer({ file, title, onLastPage }: PdfViewerProps) {
  const { t } = useLingui();
  const [numPages, setNumPages] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [password, setPassword] = useState<PasswordRequest | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [pageWidth, setPageWidth] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);
  // Fitted: as wide as the frame when the page is wider (a phone), else at its own size (scale 1).
  const fitted = pageWidth && width ? Math.min(width, pageWidth) : null;
  // The page drawn last. pdf.js draws a page some time after loading it (seconds for a certificate's
  // fonts on a slow phone, eval being forbidden), and the canvas stays blank meanwhile: until the page
  // asked for is drawn, the frame says it is loading.
  const [drawn, setDrawn] = useState<{ page: number; failed: boolean } | null>(null);
  // The height of the page drawn last, kept while the next one loads: the frame shrank to its
  // minimum meanwhile, the window scrolled up, and "Next page", which keeps the focus, went out of
  // sight below (a reviewer at 1280 px).
  const pageBox = useRef<HTMLDivElement>(null);
  const [drawnHeight, setDrawnHeight] = useState<number>();

  const message = (text: string, tone: 'info' | 'error' = 'info') => (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`p-6 text-center ${tone === 'error' ? 'text-error' : 'text-muted'}`}
    >
      {text}
    </p>
  );

  // Over the page while it is not drawn: that it is coming, or that drawing it failed.
  const cover =
    numPages === 0 || password
      ? null
      : drawn?.page !== pageNumber
        ? message(t`Loading page…`)
        : drawn.failed
          ? message(t`Failed to load the page.`, 'error')
          : null;

  return (
    <section aria-label={t`PDF document: ${title}`} className="flex flex-col gap-3">
      {/* Focusable: a page wider or taller than the frame scrolls, and keyboards must reach it too. */}
      <div
        ref={frame}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region (WCAG 2.1.1)
        tabIndex={0}
        // `justify-center-safe`: a page zoomed wider than the frame starts at its edge, all of it
        // reachable by scrolling (plain centring pushes its start out of reach).
        className="flex min-h-48 justify-center-safe overflow-auto rounded-lg border border-gray-200 bg-gray-100 p-2 focus-visible:ring-2 focus-visible:ring-primary-dark focus-visible:outline-none"
      >
        {password ? <PasswordPrompt request={password} onDone={() => setPassword(null)} /> : null}
        <Document
          file={file}
          options={PDF_OPTIONS}
          className={password ? 'hidden' : ''}
          loading={message(t`Loading PDF…`)}
          error={message(t`Failed to load PDF file.`, 'error')}
          noData={message(t`No PDF file specified.`)}
          onPassword={(callback, reason) =>
            setPassword({ submit: callback, wrong: reason === PasswordResponses.INCORRECT_PASSWORD })
          }
          onLoadSuccess={(document) => {
            setNumPages(document.numPages);
            setPageNumber(1);
            setDrawn(null);
            setPassword(null);
          }}
        >
          <div
            ref={pageBox}
            className="relative min-h-44"
            style={{ minHeight: drawn?.page === pageNumber ? undefined : drawnHeight }}
          >
            <Page
              pageNumber={pageNumber}
              scale={1}
              width={fitted && (zoom > 0 || fitted < pageWidth!) ? fitted * ZOOMS[zoom]! : undefined}
              onLoadSuccess={(page) => setPageWidth(page.originalWidth)}
              onLoadError={() => setDrawn({ page: pageNumber, failed: false })}
              onRenderSuccess={() => {
                setDrawn({ page: pageNumber, failed: false });
                setDrawnHeight((pageBox.current?.firstElementChild as HTMLElement | null)?.offsetHeight);
                if (pageNumber === numPages) onLastPage?.();
              }}
              onRenderError={() => setDrawn({ page: pageNumber, failed: true })}
              // The overlay below says it while the page loads and is drawn.
              loading={null}
              error={message(t`Failed to load the page.`, 'error')}
              noData={message(t`No page specified.`)}
              className="shadow-md"
            />
            {cover ? (
              <div className="absolute inset-0 flex items-center justify-center bg-gray-100/90">{cover}</div>
            ) : null}
          </div>
        </Document>
      </div>
      {numPages > 0 ? (
        <nav aria-label={t`PDF pages`} className="flex flex-wrap items-center justify-center gap-3">
          {/* At either end the button is aria-disabled, not disabled: pressed to reach the last page (or
              the first), it keeps the keyboard focus, as "Mark as done" does (decision 033). A press
              there changes nothing: the page is kept within 1…numPages. */}
          <Button
            variant="secondary"
            className={AT_THE_END}
            onClick={() => setPageNumber((page) => Math.max(1, page - 1))}
            aria-disabled={pageNumber <= 1 || undefined}
            aria-label={t`Previous page`}
          >
            <FiChevronLeft aria-hidden="true" className="rtl:rotate-180" />
            <span className="hidden sm:inline">
              <Trans>Previous</Trans>
            </span>
          </Button>
          <p
            aria-live="polite"
            className="text-sm font-semibold text-ink tabular-nums"
            data-testid="pdf-page-status"
          >
            <Trans>
              Page {pageNumber} of {numPages}
            </Trans>
          </p>
          <Button
            variant="secondary"
            className={AT_THE_END}
            onClick={() => setPageNumber((page) => Math.min(numPages, page + 1))}
            aria-disabled={pageNumber >= numPages || undefined}
            aria-label={t`Next page`}
          >
            <span className="hidden sm:inline">
              <Trans>Next</Trans>
            </span>
            <FiChevronRight aria-hidden="true" className="rtl:rotate-180" />
          </Button>
          <span className="flex items-center gap-2">
            <Button
              variant="secondary"
              className={AT_THE_END}
              onClick={() => setZoom((step) => Math.max(0, step - 1))}
              aria-disabled={zoom === 0 || undefined}
              aria-label={t`Zoom out`}
            >
              <FiZoomOut aria-hidden="true" />
            </Button>
            <Button
              variant="secondary"
              className={AT_THE_END}
              onClick={() => setZoom((step) => Math.min(ZOOMS.length - 1, step + 1))}
              aria-disabled={zoom === ZOOMS.length - 1 || undefined}
              aria-label={t`Zoom in`}
            >
              <FiZoomIn aria-hidden="true" />
            </Button>
          </span>
        </nav>
      ) : null}
      {/* The browser's own viewer, in a new tab: its search, its printing, its download. */}
      {typeof file === 'string' && numPages > 0 ? (
        <a
          href={file}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-10 items-center gap-2 self-center text-sm font-semibold text-primary-darker underline"
        >
          <FiExternalLink aria-hidden="true" />
          <Trans>Open the PDF in a new tab</Trans>
        </a>
      ) : null}
    </section>
  );
}

/** The inner width of an element, kept current as it resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
