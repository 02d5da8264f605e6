import { useLingui } from '@lingui/react/macro';
import { SiOrcid } from 'react-icons/si';
import { orcidUrl } from '@app/shared';

/**
 * A person's ORCID iD next to their name, linked to their ORCID record as ORCID's display guidelines
 * ask (the iD icon, then the full https URL). The iD is Latin digits in either language.
 */
export function OrcidLink({ orcid }: { orcid: string }) {
  const { t } = useLingui();
  const url = orcidUrl(orcid);
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t`ORCID record ${orcid}`}
      className="inline-flex items-center gap-1 text-sm text-primary-darker underline-offset-2 hover:underline"
    >
      <SiOrcid aria-hidden="true" className="size-4 shrink-0 text-[#A6CE39]" />
      <bdi dir="ltr">{url}</bdi>
    </a>
  );
}
