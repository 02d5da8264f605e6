import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { FiCheckCircle, FiXCircle } from 'react-icons/fi';
import type { CredentialFailure } from '@app/shared';

/** Why a credential did not verify, in words a visitor understands. */
function FailureReason({ reason }: { reason: CredentialFailure | null }) {
  switch (reason) {
    case 'NOT_OUR_CREDENTIAL':
      return <Trans>This credential was not issued by Open Science Courses.</Trans>;
    case 'CERTIFICATE_NOT_FOUND':
      return <Trans>The certificate this credential names no longer exists.</Trans>;
    default:
      return (
        <Trans>Its signature does not match our published key: the credential was altered or forged.</Trans>
      );
  }
}

/** The verification result, unmistakable at a glance: a green tick or a red cross, with words. */
export function VerdictBanner({ valid, reason }: { valid: boolean; reason: CredentialFailure | null }) {
  const box = (tone: string, icon: ReactNode, title: ReactNode, detail: ReactNode) => (
    <div
      role="status"
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 ${tone}`}
      data-testid="credential-verdict"
    >
      {icon}
      <div className="flex flex-col gap-1">
        <p className="text-lg font-bold">{title}</p>
        <p className="text-sm">{detail}</p>
      </div>
    </div>
  );
  return valid
    ? box(
        'border-green-300 bg-green-50 text-green-900',
        <FiCheckCircle aria-hidden="true" className="mt-1 size-6 shrink-0" />,
        <Trans>Valid certificate</Trans>,
        <Trans>
          The signature of its Open Badges credential matches the key Open Science Courses publishes.
        </Trans>,
      )
    : box(
        'border-red-300 bg-red-50 text-red-900',
        <FiXCircle aria-hidden="true" className="mt-1 size-6 shrink-0" />,
        <Trans>Not valid</Trans>,
        <FailureReason reason={reason} />,
      );
}
