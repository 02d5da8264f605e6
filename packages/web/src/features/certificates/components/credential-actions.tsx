import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FaLinkedin } from 'react-icons/fa';
import { FiCheckCircle } from 'react-icons/fi';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { certificateDetailsQuery } from '../api/certificate-verification.ts';
import { linkedInAddToProfileUrl } from '../lib/linkedin.ts';
import { CredentialDownloads, linkStyle } from './credential-downloads.tsx';

/**
 * What a learner does with the certificate beyond the PDF: the Open Badges credential (JSON, signed
 * .jwt), its public verification page, and LinkedIn's "Add to profile" form filled in. The course
 * viewer's certificate panel shows it through the slot its route fills (decision 031).
 */
export function CredentialActions({
  certificateId,
  courseTitle,
}: {
  certificateId: string;
  courseTitle: string;
}) {
  const details = useQuery(certificateDetailsQuery(certificateId));
  const verificationPath = paths.certificate(certificateId);
  return (
    <section
      aria-labelledby="credential-heading"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4"
      data-testid="credential-actions"
    >
      <h3 id="credential-heading" className="font-bold text-ink">
        <Trans>Share and verify</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>
          Your certificate is also an Open Badges 3.0 credential, signed by Open Science Courses. Anyone can
          check it on its verification page.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        <CredentialDownloads certificateId={certificateId} />
        <Link to={verificationPath} className={linkStyle}>
          <FiCheckCircle aria-hidden="true" />
          <Trans>Verification page</Trans>
        </Link>
        {details.data ? (
          <a
            href={linkedInAddToProfileUrl({
              name: courseTitle,
              organizationName: 'Open Science Courses',
              issuedAt: details.data.issuedAt,
              certUrl: `${window.location.origin}${verificationPath}`,
              certId: certificateId,
            })}
            target="_blank"
            rel="noreferrer"
            className={linkStyle}
            data-testid="linkedin-add"
          >
            <FaLinkedin aria-hidden="true" className="text-[#0A66C2]" />
            <Trans>Add to LinkedIn profile</Trans>
            <span className="sr-only">
              {' '}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
