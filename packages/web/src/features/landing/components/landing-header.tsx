import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiMenu, FiX } from 'react-icons/fi';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { LanguageToggle } from '../../../components/language-toggle.tsx';
import { paths } from '../../../lib/paths.ts';

const logInClass =
  'inline-flex min-h-10 items-center justify-center rounded-md border border-primary-dark bg-white px-4 py-2 text-sm font-semibold text-primary-darker hover:bg-primary-light';
const signUpClass =
  'inline-flex min-h-10 items-center justify-center rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker';
const sectionLinkClass = 'rounded-md px-1 py-2 text-sm font-semibold text-ink hover:text-primary-darker';

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <a href="#courses" className={sectionLinkClass} onClick={onNavigate}>
        <Trans>Courses</Trans>
      </a>
      <a href="#open-practices" className={sectionLinkClass} onClick={onNavigate}>
        <Trans>Open Science</Trans>
      </a>
      <a href="#about" className={sectionLinkClass} onClick={onNavigate}>
        <Trans>About</Trans>
      </a>
    </>
  );
}

/**
 * Landing header (description §2): the full bar from 1030 px; below that a menu button opening a
 * sidebar with the logo, the language toggle, a close button, Log In and Sign Up. The sidebar is a
 * dialog: focus stays inside, Escape and the close button close it.
 */
export function LandingHeader() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // The sidebar only exists below 1030 px: widening the window closes it.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1030px)');
    const close = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-5 py-3">
        <Link to={paths.home} className="rounded-md">
          <BrandLogo />
        </Link>
        <nav aria-label={t`Main`} className="hidden items-center gap-6 nav:flex">
          <SectionLinks />
        </nav>
        <div className="hidden items-center gap-3 nav:flex">
          <LanguageToggle />
          <Link to={paths.login} className={logInClass}>
            <Trans>Log In</Trans>
          </Link>
          <Link to={paths.signup} className={signUpClass}>
            <Trans>Sign Up</Trans>
          </Link>
        </div>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger
            className="inline-flex size-11 items-center justify-center rounded-md border border-gray-300 text-ink hover:bg-gray-100 nav:hidden"
            aria-label={t`Open menu`}
          >
            <FiMenu aria-hidden="true" className="size-6" />
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 nav:hidden" />
            <Dialog.Content
              data-testid="landing-sidebar"
              className="fixed inset-y-0 end-0 z-50 flex w-[min(20rem,88vw)] flex-col gap-6 overflow-y-auto bg-white p-5 shadow-xl nav:hidden"
            >
              <Dialog.Title className="sr-only">{t`Menu`}</Dialog.Title>
              <Dialog.Description className="sr-only">{t`Site navigation and account links`}</Dialog.Description>
              <div className="flex items-center justify-between gap-3">
                <Link to={paths.home} className="rounded-md" onClick={() => setOpen(false)}>
                  <BrandLogo subtitle={false} />
                </Link>
                <Dialog.Close
                  className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-gray-100"
                  aria-label={t`Close menu`}
                >
                  <FiX aria-hidden="true" className="size-6" />
                </Dialog.Close>
              </div>
              <LanguageToggle className="self-start" />
              <nav aria-label={t`Main`} className="flex flex-col gap-1 border-y border-gray-200 py-3">
                <SectionLinks onNavigate={() => setOpen(false)} />
              </nav>
              <div className="flex flex-col gap-3">
                <Link to={paths.login} className={logInClass}>
                  <Trans>Log In</Trans>
                </Link>
                <Link to={paths.signup} className={signUpClass}>
                  <Trans>Sign Up</Trans>
                </Link>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </header>
  );
}
