import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiAlertTriangle } from 'react-icons/fi';
import { Button } from './button.tsx';

export interface ErrorPanelProps {
  /** What failed, in the page's words (e.g. "We encountered an error while fetching course(s)."). */
  message: ReactNode;
  /** Runs the failed request again; the button shows a spinner while `retrying`. */
  onRetry?: () => unknown;
  retrying?: boolean;
  /** Heading level of "Something went wrong!" so the page's outline stays in order. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** The fetch-failure panel of the description §2/§8: "Something went wrong!", the message, "Try again". */
export function ErrorPanel({
  message,
  onRetry,
  retrying = false,
  headingLevel = 2,
  className = '',
}: ErrorPanelProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role="alert"
      className={`mx-auto flex max-w-lg flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center ${className}`}
    >
      <FiAlertTriangle aria-hidden="true" size={32} className="text-error" />
      <Heading className="text-lg font-bold text-ink">
        <Trans>Something went wrong!</Trans>
      </Heading>
      <p className="text-ink">{message}</p>
      {onRetry ? (
        <Button onClick={() => void onRetry()} loading={retrying}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}
