import { useLingui } from '@lingui/react/macro';
import { BONE } from './viewer-header.tsx';

/**
 * The viewer's page below its header while the course loads (decision 111): the layout the course will
 * have — its content list (beside the item from 1024 px, above it on a phone) and the item's panel —
 * drawn in grey, in a main region marked busy whose status says "Loading the course…". The app shell's
 * placeholder (app/shell-placeholder.tsx) draws the same under the same header on a first visit, so
 * a first visit and one from the dashboard wait alike, and the page keeps its shape when the course
 * arrives.
 */
export function ViewerSkeleton() {
  const { t } = useLingui();
  return (
    <main
      aria-busy="true"
      className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:items-start"
    >
      <p role="status" className="sr-only">
        {t`Loading the course…`}
      </p>
      <div
        aria-hidden="true"
        className="flex w-full flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 lg:order-last lg:w-96 lg:shrink-0"
      >
        <span className={`h-6 w-40 ${BONE}`} />
        <span className={`h-4 w-full ${BONE}`} />
        <span className={`h-4 w-2/3 ${BONE}`} />
      </div>
      <div
        aria-hidden="true"
        className="flex min-w-0 flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-6 lg:flex-1"
      >
        <span className={`aspect-video w-full max-w-xl ${BONE}`} />
        <span className={`h-6 w-56 max-w-full ${BONE}`} />
      </div>
    </main>
  );
}
