import { useLingui } from '@lingui/react/macro';

/**
 * The community's mark and short name. Decorative mark + visible name, so a link around it is named
 * by the text ("OSCSA"); `tone` picks the text colour for light or dark backgrounds.
 */
export function BrandLogo({
  tone = 'dark',
  subtitle = true,
  markOnlyBelow360 = false,
  className = '',
}: {
  tone?: 'dark' | 'light';
  /** Show the full community name under the short one. */
  subtitle?: boolean;
  /**
   * Below 360 px the name is for assistive technology only (the link keeps it): in the boards' header
   * at 320 px in English, logo, name, language and profile menus were 12–20 px too wide for one row,
   * and the menus took a row of their own, 54 px more of a small screen under a sticky header.
   */
  markOnlyBelow360?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0" focusable="false">
        <rect width="32" height="32" rx="8" fill={tone === 'light' ? '#ffffff' : '#007a6a'} />
        <circle
          cx="16"
          cy="16"
          r="8"
          fill="none"
          stroke={tone === 'light' ? '#00604f' : '#ffffff'}
          strokeWidth="3"
        />
        <circle cx="16" cy="16" r="2.5" fill={tone === 'light' ? '#00604f' : '#ffffff'} />
      </svg>
      <span className={`flex flex-col leading-tight ${markOnlyBelow360 ? 'max-[360px]:sr-only' : ''}`}>
        <span
          lang="en"
          className={`text-lg font-bold tracking-wide ${tone === 'light' ? 'text-white' : 'text-primary-darker'}`}
        >
          OSCSA
        </span>
        {subtitle ? (
          <span className={`text-xs ${tone === 'light' ? 'text-white' : 'text-muted'}`}>
            {t`Open Science Community Saudi Arabia`}
          </span>
        ) : null}
      </span>
    </span>
  );
}
