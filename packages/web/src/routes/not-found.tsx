import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowLeft } from 'react-icons/fi';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { paths } from '../lib/paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Any unknown path (description §2): 'Page not found' with 'Return to home page'. */
export function Component() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return <NotFoundPage />;
}

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="flex items-center justify-between gap-4 border-b border-gray-200 bg-white px-5 py-3">
        <Link to={paths.home} className="rounded-md">
          <BrandLogo subtitle={false} />
        </Link>
        <LanguageToggle />
      </header>
      <main
        id="main"
        className="flex flex-1 flex-col items-center justify-center gap-5 px-5 py-16 text-center"
      >
        <p aria-hidden="true" className="text-7xl font-bold text-primary-dark">
          404
        </p>
        <h1 className="text-3xl font-bold text-ink">
          <Trans>Page not found</Trans>
        </h1>
        <p className="max-w-md text-muted">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <Link
          to={paths.home}
          className="inline-flex min-h-10 items-center gap-2 rounded-md bg-primary-dark px-5 py-2 font-semibold text-white hover:bg-primary-darker"
        >
          <FiArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Return to home page</Trans>
        </Link>
      </main>
    </div>
  );
}
