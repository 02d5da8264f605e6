import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiMenu, FiX } from 'react-icons/fi';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { paths } from '../../../lib/paths.ts';
import { LandingLanguageMenu } from './landing-language-menu.tsx';

const logInClass =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-primary-dark bg-white px-4 py-2 text-sm font-semibold text-primary-darker hover:bg-primary-light';
const signUpClass =
  'inline-flex min-h-10 items-center justify-center rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker';
const sectionLinkClass = 'rounded-md px-1 py-2 text-sm font-semibold text-ink hover:text-primary-darker';

function SectionLinks() {
  return (
    <>
      <a href="#courses" className={sectionLinkClass}>
        <Trans>Courses</Trans>
      </a>
      <a href="#open-practices" className={sectionLinkClass}>
        <Trans>Open Science</Trans>
      </a>
      <a href="#about" className={sectionLinkClass}>
        <Trans>About</Trans>
      </a>
    </>
  );
}

/**
 * Landing header (description §2): the full bar from 1030 px; below that a menu button opening a
 * sidebar with the logo, the language menu, a close button, Log In and Sign Up. The sidebar is a
 * native modal `<dialog>` (focus stays inside, Escape closes it), opened and closed by ../enhance.ts:
 * the landing page runs no React in the browser (decision 034).
 */
export function LandingHeader() {
  const { t } = useLingui();
  const id = useId();
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur short:static">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-5 py-3">
          <Link to={paths.home} className="rounded-md">
            <BrandLogo />
          </Link>
          <nav aria-label={t`Main`} className="hidden items-center gap-6 nav:flex">
            <SectionLinks />
          </nav>
          <div className="hidden items-center gap-3 nav:flex">
            <LandingLanguageMenu />
            <AccountLinks />
          </div>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-controls={`${id}sidebar`}
            aria-label={t`Open menu`}
            className="inline-flex size-11 items-center justify-center rounded-md border border-gray-300 text-ink hover:bg-gray-100 nav:hidden"
          >
            <FiMenu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </header>
      {/* Outside the banner, as a portal would be: the header holds the wide screen's controls only. */}
      <dialog
        id={`${id}sidebar`}
        data-sidebar
        data-testid="landing-sidebar"
        aria-labelledby={`${id}title`}
        aria-describedby={`${id}description`}
        className="fixed inset-0 m-0 ms-auto h-dvh max-h-none w-[min(20rem,88vw)] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-xl backdrop:bg-black/40 open:flex nav:hidden"
      >
        <h2 id={`${id}title`} className="sr-only">
          {t`Menu`}
        </h2>
        <p id={`${id}description`} className="sr-only">
          {t`Site navigation and account links`}
        </p>
        <div className="flex items-center justify-between gap-3">
          <Link to={paths.home} className="rounded-md">
            <BrandLogo subtitle={false} />
          </Link>
          <button
            type="button"
            data-close
            className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-gray-100"
            aria-label={t`Close menu`}
          >
            <FiX aria-hidden="true" className="size-6" />
          </button>
        </div>
        {/* At the sidebar's start: its menu opens toward the sidebar's end, inside it. */}
        <LandingLanguageMenu className="self-start" align="start" />
        <nav aria-label={t`Main`} className="flex flex-col gap-1 border-y border-gray-200 py-3">
          <SectionLinks />
        </nav>
        <div className="flex flex-col gap-3">
          <AccountLinks />
        </div>
      </dialog>
    </>
  );
}

/** Log In and Sign Up: in the wide header and again in the narrow screen's sidebar. */
function AccountLinks() {
  return (
    <>
      <Link to={paths.login} className={logInClass}>
        <Trans>Log In</Trans>
      </Link>
      <Link to={paths.signup} className={signUpClass}>
        <Trans>Sign Up</Trans>
      </Link>
    </>
  );
}
