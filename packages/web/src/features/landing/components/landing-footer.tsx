import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiMail } from 'react-icons/fi';
import { FaGithub, FaLinkedin, FaXTwitter } from 'react-icons/fa6';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { paths } from '../../../lib/paths.ts';
import { numberFormat } from '../../../lib/number-formats.ts';
import { COMMUNITY_LINKS } from '../content/landing-content.ts';

const linkClass =
  'rounded text-white underline decoration-white/50 underline-offset-4 hover:decoration-white focus-visible:outline-white';

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
      <span className="sr-only"> {t`(opens in a new tab)`}</span>
    </a>
  );
}

/** Shown as plain text: these pages do not exist yet, so they are not offered as links. */
function NotYetAvailable({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <span className="text-white/80" title={t`Not available yet`}>
      {children}
    </span>
  );
}

function FooterColumn({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 id={id} className="text-base font-bold text-white">
        {title}
      </h2>
      <ul aria-labelledby={id} className="flex flex-col gap-2 text-sm">
        {children}
      </ul>
    </div>
  );
}

/**
 * Footer (description §1): quick links, communities, social links, contact e-mail and the current
 * year. Links without a target are plain text, not dead links.
 */
export function LandingFooter() {
  const { t } = useLingui();
  const language = useLanguage();
  const year = numberFormat(language, 'digits').format(new Date().getFullYear());
  const email = COMMUNITY_LINKS.contactEmail;
  return (
    <footer className="bg-ink text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="flex flex-col gap-3 lg:col-span-1">
          <Link to={paths.home} className="self-start rounded-md focus-visible:outline-white">
            <BrandLogo tone="light" />
          </Link>
          <p className="text-sm text-white/85">
            <Trans>Open Science courses for everyone, in Arabic and English.</Trans>
          </p>
        </div>
        <FooterColumn id="footer-quick-links" title={t`Quick Links`}>
          <li>
            <Link to={paths.login} className={linkClass}>
              <Trans>Courses</Trans>
            </Link>
          </li>
          <li>
            <ExternalLink href={COMMUNITY_LINKS.blog}>
              <Trans>Blog</Trans>
            </ExternalLink>
          </li>
          <li>
            <NotYetAvailable>
              <Trans>Guidelines</Trans>
            </NotYetAvailable>
          </li>
          <li>
            <NotYetAvailable>
              <Trans>Resources</Trans>
            </NotYetAvailable>
          </li>
        </FooterColumn>
        <FooterColumn id="footer-communities" title={t`Communities`}>
          <li>
            <ExternalLink href={COMMUNITY_LINKS.communitySite}>OSCSA</ExternalLink>
          </li>
          <li>
            <a href={`mailto:${email}?subject=${encodeURIComponent(t`Partnership`)}`} className={linkClass}>
              <Trans>Partnership</Trans>
            </a>
          </li>
          <li>
            <ExternalLink href={COMMUNITY_LINKS.documentation}>
              <Trans>The Turing Way</Trans>
            </ExternalLink>
          </li>
          <li>
            <NotYetAvailable>
              <Trans>FAQ</Trans>
            </NotYetAvailable>
          </li>
        </FooterColumn>
        <FooterColumn id="footer-follow" title={t`Follow Us`}>
          <li className="flex gap-3">
            <a
              href={COMMUNITY_LINKS.twitter}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`OSCSA on X (Twitter), opens in a new tab`}
              className="inline-flex size-10 items-center justify-center rounded-md bg-white/10 hover:bg-white/20 focus-visible:outline-white"
            >
              <FaXTwitter aria-hidden="true" className="size-5" />
            </a>
            <a
              href={COMMUNITY_LINKS.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`OSCSA on LinkedIn, opens in a new tab`}
              className="inline-flex size-10 items-center justify-center rounded-md bg-white/10 hover:bg-white/20 focus-visible:outline-white"
            >
              <FaLinkedin aria-hidden="true" className="size-5" />
            </a>
            <a
              href={COMMUNITY_LINKS.github}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t`OSCSA on GitHub, opens in a new tab`}
              className="inline-flex size-10 items-center justify-center rounded-md bg-white/10 hover:bg-white/20 focus-visible:outline-white"
            >
              <FaGithub aria-hidden="true" className="size-5" />
            </a>
          </li>
        </FooterColumn>
        <FooterColumn id="footer-contact" title={t`Contact Info`}>
          <li>
            <a href={`mailto:${email}`} className={`${linkClass} inline-flex items-center gap-2 break-all`}>
              <FiMail aria-hidden="true" className="shrink-0" />
              <bdi>{email}</bdi>
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-5 py-4 text-sm text-white/85">
          <Trans>Copyright © {year} OSCSA. Course content is shared under open licences.</Trans>
        </p>
      </div>
    </footer>
  );
}
