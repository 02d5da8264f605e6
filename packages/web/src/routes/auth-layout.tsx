import { Link, Outlet } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { AppLoadFailed } from '../app/app-load-failed.tsx';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageToggle } from '../components/language-toggle.tsx';
import { paths } from '../lib/paths.ts';

/**
 * The shared layout of the auth screens (description §2): the home link on the start side, the
 * page on the other, a language toggle on every screen.
 */
export function Component() {
  return (
    <div className="min-h-dvh bg-gray-50 lg:grid lg:grid-cols-[minmax(18rem,2fr)_3fr]">
      <header className="flex items-center justify-between gap-4 bg-primary-darker px-5 py-4 text-white lg:flex-col lg:items-start lg:justify-start lg:gap-10 lg:px-10 lg:py-10">
        <Link to={paths.home} className="rounded-md focus-visible:outline-white">
          <BrandLogo tone="light" />
        </Link>
        <div className="hidden max-w-sm flex-1 flex-col justify-center gap-3 lg:flex">
          <p className="text-2xl font-bold">
            <Trans>Open Science courses, in Arabic and English.</Trans>
          </p>
          <p className="text-white/90">
            <Trans>Learn open source, open licences and open hardware with our community.</Trans>
          </p>
        </div>
      </header>
      <div className="flex min-h-full flex-col">
        <div className="flex justify-end px-5 pt-4 lg:px-10 lg:pt-6">
          <LanguageToggle />
        </div>
        <main id="main" className="flex flex-1 items-start justify-center px-5 py-8 lg:items-center lg:px-10">
          <div className="w-full max-w-md">
            <AppLoadFailed />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
