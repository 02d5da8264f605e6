import { Trans } from '@lingui/react/macro';
import { FiChevronLeft, FiChevronRight } from 'react-icons/fi';

const buttonClass =
  'inline-flex min-h-10 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ("Pages of …"). */
  label: string;
}

/** "Previous · Page n of m · Next" under a paged list; the arrows turn with the reading direction. */
export function Pager({ page, pageCount, onPage, label }: PagerProps) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-3">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={buttonClass}>
        <FiChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
        <Trans>Previous</Trans>
      </button>
      <span className="text-sm text-ink">
        <Trans>
          Page {page} of {pageCount}
        </Trans>
      </span>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pageCount}
        className={buttonClass}
      >
        <Trans>Next</Trans>
        <FiChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
