import { Trans } from '@lingui/react/macro';
import { FiDownload } from 'react-icons/fi';
import { credentialDownloads } from '../api/certificate-verification.ts';

export const linkStyle =
  'inline-flex min-h-10 items-center gap-2 rounded-md border border-primary-dark bg-white px-4 py-2 text-sm font-semibold text-primary-darker hover:bg-primary-light';

/**
 * The certificate as an Open Badges 3.0 credential: the readable JSON and the signed VC-JWT that
 * wallets and verifiers take. Both are public by the certificate's id, so plain links suffice.
 */
export function CredentialDownloads({ certificateId }: { certificateId: string }) {
  const urls = credentialDownloads(certificateId);
  return (
    <>
      <a
        href={urls.json}
        download={`certificate-${certificateId}.json`}
        className={linkStyle}
        data-testid="credential-json"
      >
        <FiDownload aria-hidden="true" />
        <Trans>Open Badge (JSON)</Trans>
      </a>
      <a
        href={urls.jwt}
        download={`certificate-${certificateId}.jwt`}
        className={linkStyle}
        data-testid="credential-jwt"
      >
        <FiDownload aria-hidden="true" />
        <Trans>Signed Open Badge (.jwt)</Trans>
      </a>
    </>
  );
}
