import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiAlertTriangle, FiHome, FiRefreshCw } from 'react-icons/fi';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { RouteAnnouncer } from '../components/route-announcer.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { announceAppReady } from '../app/app-ready.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useFocusReturn } from '../lib/focus-return.ts';
import { serverAway } from '../lib/api-client.ts';
import { onceServerAnswers } from '../lib/outage-recovery.ts';
import { NotFoundPage } from './not-found.tsx';

/**
 * The root route renders the app; its error boundary catches whatever a page or loader throws. Its
 * effect runs after those of the whole first screen, so the app is ready to take over what the
 * early module held (decision 037). A new page opens at its top and Back returns to where the reader
 * was (decision 129), focus included (decision 139); a prerendered page keeps wherever the reader
 * scrolled before the app took over. Every page starts with a skip link, and a page the app goes to is
 * announced by its title (decision 201).
 */
export function Component() {
  useEffect(announceAppReady, []);
  useFocusReturn();
  return (
    <>
      <SkipLink />
      <ScrollRestoration />
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}

/**
 * A loader failed because the server was away (a page opened or reloaded during an outage: the guard
 * could not check the session): once the server answers, the page is opened again in place, loaders
 * and all, and shows by itself, as an open screen does (decision 160). Each new failure starts the
 * watch again. (Opened again, not revalidated: the router's error boundary keeps its error through a
 * revalidation it did not see start.)
 */
function useReopenWhenServerAnswers(error: unknown) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(
    () =>
      serverAway(error)
        ? onceServerAnswers(
            () => void navigate(location, { replace: true, state: location.state as unknown }),
          )
        : undefined,
    [error, navigate, location],
  );
}

/**
 * A friendly screen instead of the library's 'Unexpected Application Error!'. A thrown 404 shows the
 * not-found page; a server away says so and comes back by itself; anything else (a failed chunk after
 * a deploy, a bug) offers a reload and the way home.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useLingui();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const away = serverAway(error);
  useEffect(announceAppReady, []);
  useReopenWhenServerAnswers(error);
  useDocumentTitle(notFound ? t`Page not found` : t`Something went wrong`);
  if (import.meta.env.DEV) console.error(error);
  if (notFound)
    return (
      <>
        <SkipLink />
        <NotFoundPage />
      </>
    );
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <SkipLink />
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
        {away ? (
          <p className="max-w-md text-muted">
            <Trans>The server is not answering just now, so this page could not be shown.</Trans>{' '}
            <Trans>We will try again by ourselves as soon as the server answers.</Trans>
          </p>
        ) : (
          <p className="max-w-md text-muted">
            <Trans>
              This page could not be shown. Reloading usually helps; if it does not, go back to the home page.
            </Trans>
          </p>
        )}
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
