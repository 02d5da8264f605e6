import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import type { PdfViewerProps } from './pdf-viewer.tsx';

// react-pdf and pdf.js (several hundred kB) load only when a PDF or certificate is opened.
const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

export function LazyPdfViewer(props: PdfViewerProps) {
  const { t } = useLingui();
  return (
    <Suspense
      fallback={
        <div className="flex min-h-48 items-center justify-center rounded-lg border border-gray-200 bg-gray-100">
          <Spinner label={t`Loading PDF…`} />
        </div>
      }
    >
      <PdfViewer {...props} />
    </Suspense>
  );
}
