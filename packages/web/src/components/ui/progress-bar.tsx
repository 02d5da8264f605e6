import type { Language } from '@app/shared';
import { useLanguage } from '../../i18n/use-language.ts';
import { numberFormat } from '../../lib/number-formats.ts';

/** Sizes of the description §9: the overall bar is 150×35, a quiz's bar 80×25 (they shrink on small screens). */
const SIZES = {
  overall: { width: 150, height: 35 },
  quiz: { width: 80, height: 25 },
  /** A dashboard card's slim bar (decision 033); drawn full width. */
  card: { width: 80, height: 12 },
} as const;

/** A score as a whole percent, clamped to 0..100 (description §5). */
export const clampPercent = (value: number | null | undefined): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value as number))) : 0;

export const formatPercent = (language: Language, percent: number) =>
  numberFormat(language, 'percent').format(percent / 100);

export interface ProgressBarProps {
  /** Score in percent; rounded and clamped for display. */
  value: number | null | undefined;
  /** Accessible name, e.g. "Your Progress" or "Quiz score: Basics". */
  label: string;
  size?: keyof typeof SIZES;
  /** Show the percentage next to the bar (default true). */
  showValue?: boolean;
  /** Stretch the bar across its container (the size then only sets the height). */
  fullWidth?: boolean;
  className?: string;
}

/**
 * A horizontal progress bar (role=progressbar) whose value is also written out as text, so it never
 * relies on colour or length alone.
 */
export function ProgressBar({
  value,
  label,
  size = 'overall',
  showValue = true,
  fullWidth = false,
  className = '',
}: ProgressBarProps) {
  const language = useLanguage();
  const percent = clampPercent(value);
  const text = formatPercent(language, percent);
  const { width, height } = SIZES[size];
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="relative inline-block max-w-full shrink overflow-hidden rounded-full border border-gray-400 bg-gray-100"
        style={fullWidth ? { width: '100%', height } : { width, height, minWidth: Math.round(width / 2) }}
      >
        <span
          aria-hidden="true"
          className="absolute inset-y-0 start-0 bg-primary-dark transition-[width] duration-500 forced-colors:bg-[Highlight] forced-colors:forced-color-adjust-none"
          style={{ width: `${percent}%` }}
        />
      </span>
      {showValue ? (
        <span
          aria-hidden="true"
          className={`font-semibold text-ink tabular-nums ${size === 'quiz' ? 'text-xs' : 'text-sm'}`}
        >
          {text}
        </span>
      ) : null}
    </span>
  );
}
