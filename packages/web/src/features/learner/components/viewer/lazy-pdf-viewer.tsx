import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { PdfLoadBoundary } from './pdf-load-boundary.tsx';
import type { PdfViewerProps } from './pdf-viewer.tsx';

// react-pdf and pdf.js (several hundred kB) load only when a PDF or certificate is opened.
const loadPdfViewer = () => lazy(() => import('./pdf-viewer.tsx'));

/** One for every PDF shown, so that the code is fetched once; replaced after a failed download. */
let sharedPdfViewer = loadPdfViewer();

/** A new try: React.lazy keeps a failed import's error for good, and the PDFs opened next use it too. */
function loadPdfViewerAgain() {
  sharedPdfViewer = loadPdfViewer();
  return sharedPdfViewer;
}

export function LazyPdfViewer(props: PdfViewerProps) {
  const { t } = useLingui();
  const [PdfViewer, setPdfViewer] = useState(() => sharedPdfViewer);
  return (
    <PdfLoadBoundary
      onRetry={() => {
        const again = loadPdfViewerAgain();
        setPdfViewer(() => again);
      }}
    >
      <Suspense
        fallback={
          <div className="flex min-h-48 items-center justify-center rounded-lg border border-gray-200 bg-gray-100">
            <Spinner label={t`Loading PDF…`} />
          </div>
        }
      >
        <PdfViewer {...props} />
      </Suspense>
    </PdfLoadBoundary>
  );
}
