import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiAlertTriangle, FiHome, FiRefreshCw } from 'react-icons/fi';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { announceAppReady } from '../app/app-ready.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useFocusReturn } from '../lib/focus-return.ts';
import { NotFoundPage } from './not-found.tsx';

/**
 * The root route renders the app; its error boundary catches whatever a page or loader throws. Its
 * effect runs after those of the whole first screen, so the app is ready to take over what the
 * early module held (decision 037). A new page opens at its top and Back returns to where the reader
 * was (decision 129), focus included (decision 139); a prerendered page keeps wherever the reader
 * scrolled before the app took over.
 */
export function Component() {
  useEffect(announceAppReady, []);
  useFocusReturn();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * A friendly screen instead of the library's 'Unexpected Application Error!'. A thrown 404 shows the
 * not-found page; anything else (a failed chunk after a deploy, a bug) offers a reload and the way home.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useLingui();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(announceAppReady, []);
  useDocumentTitle(notFound ? t`Page not found` : t`Something went wrong`);
  if (import.meta.env.DEV) console.error(error);
  if (notFound) return <NotFoundPage />;
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="flex items-center justify-between gap-4 border-b border-gray-200 bg-white px-5 py-3">
        {/* A plain link: after a crash the router itself may be the broken part. */}
        <a href="/" className="inline-block rounded-md">
          <BrandLogo subtitle={false} />
        </a>
        {/* As on the not-found page: the reader may not read the language this page came up in. The
            switch needs no router, only the catalogues. */}
        <LanguageToggle />
      </header>
      <main
        id="main"
        className="flex flex-1 flex-col items-center justify-center gap-5 px-5 py-16 text-center"
      >
        <FiAlertTriangle aria-hidden="true" className="size-14 text-error" />
        <h1 className="text-3xl font-bold text-ink">
          <Trans>Something went wrong</Trans>
        </h1>
        <p className="max-w-md text-muted">
          <Trans>
            This page could not be shown. Reloading usually helps; if it does not, go back to the home page.
          </Trans>
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary-darker"
          >
            <FiRefreshCw aria-hidden="true" />
            <Trans>Reload page</Trans>
          </button>
          <a
            href="/"
            className="inline-flex min-h-10 items-center gap-2 rounded-md border border-primary-dark bg-white px-5 py-2 font-semibold text-primary-darker hover:bg-primary-light"
          >
            <FiHome aria-hidden="true" />
            <Trans>Return to home page</Trans>
          </a>
        </div>
      </main>
    </div>
  );
}
