import { useLayoutEffect, useRef } from 'react';
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

/**
 * "Previous · Page n of m · Next" under a paged list; the arrows turn with the reading direction. The
 * page reached is announced; and a button pressed into its end (Next onto the last page) is disabled,
 * which drops the focus to the page: it goes to the other one instead.
 */
export function Pager({ page, pageCount, onPage, label }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<'previous' | 'next' | null>(null);
  useLayoutEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    // Only the press that led here, and only if its button still has (or just lost) the focus.
    const lost = (from: HTMLButtonElement | null) =>
      document.activeElement === from || document.activeElement === document.body;
    if (button === 'next' && page >= pageCount && lost(next.current)) previous.current?.focus();
    else if (button === 'previous' && page <= 1 && lost(previous.current)) next.current?.focus();
  }, [page, pageCount]);
  const go = (to: number, button: 'previous' | 'next') => {
    pressed.current = button;
    onPage(to);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-3">
      <button
        ref={previous}
        type="button"
        onClick={() => go(page - 1, 'previous')}
        disabled={page <= 1}
        className={buttonClass}
      >
        <FiChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
        <Trans>Previous</Trans>
      </button>
      <span className="text-sm text-ink" aria-live="polite">
        <Trans>
          Page {page} of {pageCount}
        </Trans>
      </span>
      <button
        ref={next}
        type="button"
        onClick={() => go(page + 1, 'next')}
        disabled={page >= pageCount}
        className={buttonClass}
      >
        <Trans>Next</Trans>
        <FiChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
