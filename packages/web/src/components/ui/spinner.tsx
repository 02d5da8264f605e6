import { useLingui } from '@lingui/react/macro';

/** The page loader (description §9: colour #009985). Announced politely to screen readers. */
export function Spinner({
  size = 40,
  label,
  className = '',
}: {
  size?: number;
  label?: string;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <span role="status" className={`inline-flex items-center justify-center ${className}`}>
      <span
        aria-hidden="true"
        className="animate-spin rounded-full border-4 border-primary/25 border-t-primary"
        style={{ width: size, height: size }}
      />
      <span className="sr-only">{label ?? t`Loading…`}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size={48} />
    </div>
  );
}
