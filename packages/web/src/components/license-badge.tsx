import { LICENSE_INFO, licenseBadgeDataUrl, licenseDeedUrl, type CourseLicense } from '@app/shared';
import { Trans } from '@lingui/react/macro';
import { useLanguage } from '../i18n/use-language.ts';

/**
 * A course's licence: the badge (a self-contained SVG from shared, the same picture the public pages
 * show) and the licence's name linking to its deed on creativecommons.org, in the reader's language.
 * `compact` shows only the badge, still a link, named by the licence (for table cells).
 */
export function LicenseBadge({ license, compact = false }: { license: CourseLicense; compact?: boolean }) {
  const language = useLanguage();
  const info = LICENSE_INFO[license];
  const name = language === 'ar' ? info.name_ar : info.name;
  const badge = (
    <img src={licenseBadgeDataUrl(license)} alt={info.short} className="h-5 w-auto max-w-none shrink-0" />
  );
  return (
    <a
      href={licenseDeedUrl(license, language)}
      target="_blank"
      rel="license noopener noreferrer"
      hrefLang={language}
      title={compact ? name : undefined}
      className="inline-flex flex-wrap items-center gap-2 rounded-sm text-sm font-semibold text-primary-darker underline-offset-2 hover:underline"
      data-testid="license-badge"
    >
      {badge}
      {compact ? null : <span>{name}</span>}
      <span className="sr-only">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
