import type { CourseStatus } from '@app/shared';

export type StatusTone = 'red' | 'amber' | 'green' | 'grey' | 'darkGrey';

/** Text and background pairs that all pass WCAG AA for small text (≥ 4.5:1). */
const TONES: Record<StatusTone, string> = {
  red: 'bg-[#b42318] text-white',
  amber: 'bg-[#b54708] text-white',
  green: 'bg-[#1f7a4d] text-white',
  grey: 'bg-gray-200 text-gray-800 ring-1 ring-inset ring-gray-400',
  darkGrey: 'bg-gray-700 text-white',
};

/**
 * Colours of the description §4. The contributor board: Pending red, Draft dark grey, others green.
 * The admin board: Pending red, Approved green, Draft and Archived grey, others green.
 * Rejected, which the description's boards never showed (nothing set it), is amber on both: it waits
 * on the author, and green would read as approval (decision 206).
 */
export function statusTone(status: CourseStatus, board: 'contributor' | 'admin'): StatusTone {
  if (status === 'Pending') return 'red';
  if (status === 'Rejected') return 'amber';
  if (board === 'contributor') return status === 'Draft' ? 'darkGrey' : 'green';
  return status === 'Draft' || status === 'Archived' ? 'grey' : 'green';
}

export interface StatusPillProps {
  status: CourseStatus;
  board: 'contributor' | 'admin';
  /** The status in the reader's language (the colour never carries the meaning alone). */
  label: string;
  /** Language of `label` when it differs from the page's. */
  lang?: string;
  className?: string;
}

export function StatusPill({ status, board, label, lang, className = '' }: StatusPillProps) {
  const tone = statusTone(status, board);
  return (
    <span
      lang={lang}
      data-status={status}
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]} ${className}`}
    >
      {label}
    </span>
  );
}
