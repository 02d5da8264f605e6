import { Trans } from '@lingui/react/macro';
import { FiAlertCircle } from 'react-icons/fi';
import { APP_FAILED } from './app-ready.ts';

/**
 * What a prerendered sign-in page says when the app's script could not be fetched (the connection
 * dropped after the page came), held hidden in its markup: the early module (before-hydration.ts),
 * which has no message catalog, shows it and makes its button reload the page (decision 140). The app
 * renders it too, hidden, so hydration finds the same markup; it never shows it.
 */
export function AppLoadFailed() {
  return (
    <div
      {...{ [APP_FAILED]: '' }}
      hidden
      role="alert"
      tabIndex={-1}
      className="mb-6 flex items-start gap-2 rounded-md border border-error/40 bg-red-50 px-3 py-2 text-sm text-error"
    >
      <FiAlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <Trans>
          This page could not finish loading, so it cannot send anything yet. Check your connection, then
          reload the page.
        </Trans>{' '}
        <button type="button" className="font-semibold underline underline-offset-2">
          <Trans>Reload page</Trans>
        </button>
      </p>
    </div>
  );
}
