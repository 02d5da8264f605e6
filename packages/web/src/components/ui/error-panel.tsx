import { useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiAlertTriangle } from 'react-icons/fi';
import { serverAway } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { useHeadingTakesFocusWhenGone } from '../../lib/focus-page-heading.ts';

export interface ErrorPanelProps {
  /** What failed, in the page's words (e.g. "We encountered an error while fetching course(s)."). */
  message: ReactNode;
  /** Runs the failed request again; the button shows a spinner while `retrying`. */
  onRetry?: () => unknown;
  /**
   * The failure: when the server was away, the panel says the read is made again by itself once it
   * answers (`outage-recovery.ts`, decision 160).
   */
  error?: unknown;
  retrying?: boolean;
  /** Heading level of "Something went wrong!" so the page's outline stays in order. */
  headingLevel?: 1 | 2 | 3;
  className?: string;
}

/** What `useShownFailure` reads of a read (TanStack Query's result). */
interface Read<E> {
  error: E | null;
  isFetching: boolean;
  errorUpdateCount: number;
  data: unknown;
  isPlaceholderData: boolean;
}

/**
 * The failure a read's screen shows: its error, also while the read is made again after failing
 * without data of its own ("Try again", or the outage watcher of decision 160), so the panel stays and
 * its button shows itself busy. TanStack Query puts such a read back to `pending` and forgets its error
 * while it is fetched again: the panel used to give way to the spinner (or to the previous search's
 * results) for the whole retry, and the focus on "Try again" fell off the page. Null otherwise.
 */
export function useShownFailure<E>(read: Read<E>): E | null {
  const [kept, setKept] = useState<E | null>(null);
  // Stored while rendering (React's way of keeping something from an earlier render): the retry's
  // first render needs it, and an effect would let one render of the spinner through.
  if (read.error !== null && read.error !== kept) setKept(read.error);
  if (read.error !== null) return read.error;
  const ownData = read.data !== undefined && !read.isPlaceholderData;
  return read.isFetching && read.errorUpdateCount > 0 && !ownData ? kept : null;
}

/**
 * What a list that keeps its previous results while the next search or page loads shows beside
 * `failure`: nothing of that other search or page once this one has failed.
 */
export const shownData = <T,>(read: { data: T | undefined; isPlaceholderData: boolean }, failure: unknown) =>
  failure && read.isPlaceholderData ? undefined : read.data;

/** The fetch-failure panel of the description §2/§8: "Something went wrong!", the message, "Try again". */
export function ErrorPanel({
  message,
  onRetry,
  error,
  retrying = false,
  headingLevel = 2,
  className = '',
}: ErrorPanelProps) {
  const Heading = `h${headingLevel}` as const;
  // A retry that worked replaces the panel: with the focus on "Try again" it would fall to the
  // document. The page's heading takes it instead, where what replaced the panel begins.
  const panel = useHeadingTakesFocusWhenGone<HTMLDivElement>();
  return (
    <div
      ref={panel}
      role="alert"
      className={`mx-auto flex max-w-lg flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center ${className}`}
    >
      <FiAlertTriangle aria-hidden="true" size={32} className="text-error" />
      <Heading className="text-lg font-bold text-ink">
        <Trans>Something went wrong!</Trans>
      </Heading>
      <p className="text-ink">{message}</p>
      {onRetry ? <ServerAwayNote error={error} /> : null}
      {onRetry ? (
        <Button onClick={() => void onRetry()} loading={retrying}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Said under a failure when the server was away: the read is made again by itself once the server
 * answers (`outage-recovery.ts`, decision 160). Nothing for any other failure.
 */
export function ServerAwayNote({
  error,
  className = 'text-sm text-ink',
}: {
  error: unknown;
  className?: string;
}) {
  return serverAway(error) ? (
    <p className={className}>
      <Trans>We will try again by ourselves as soon as the server answers.</Trans>
    </p>
  ) : null;
}
