import { Fragment, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { FiArrowLeft } from 'react-icons/fi';
import { Link } from 'react-router';
import { formatIssueDate, issueDay } from '@app/shared';
import { ErrorPanel, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { namesNothing } from '../../../lib/api-client.ts';
import { pickLocalized, dirOf } from '../../../lib/localized.ts';
import { paths } from '../../../lib/paths.ts';
import { currentUserQuery, getToken, homeFor } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { certificateDetailsQuery, credentialVerdictQuery } from '../api/certificate-verification.ts';
import { CredentialDownloads } from './credential-downloads.tsx';
import { OrcidLink } from './orcid-link.tsx';
import { VerdictBanner } from './verdict-banner.tsx';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/**
 * The way on into the site from a page often opened first, from a certificate's QR code or a shared
 * link (decision 207): a signed-in reader's own board, anyone else's the home page. Read from this
 * browser alone: the public page asks the server nothing for it. When this tab does not know the
 * reader's role (a fresh tab), the sign-in page: it sends a signed-in reader on to their role's board
 * (`redirectIfSignedIn`), where /dashboard would show an administrator the learners' catalogue.
 */
function WayOn() {
  const signedIn = Boolean(getToken());
  const user = useQuery({ ...currentUserQuery, enabled: false }).data;
  return (
    <Link
      to={signedIn ? (user ? homeFor(user.role) : paths.login) : paths.home}
      // Padded, so that the focus ring stands clear of the words.
      className="-mx-2 inline-flex min-h-10 items-center gap-2 self-start rounded-md px-2 text-sm font-semibold text-primary-darker hover:underline"
    >
      <FiArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
      {signedIn ? <Trans>Go to your dashboard</Trans> : <Trans>Go to the home page</Trans>}
    </Link>
  );
}

/**
 * /certificates/:id, the address printed (and QR-coded) on every certificate: who completed which
 * course and when, and whether its signed Open Badges credential verifies against our published key.
 */
export function CertificateVerification({ id }: { id: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  useDocumentTitle(t`Certificate verification`);
  const details = useQuery(certificateDetailsQuery(id));
  const verdict = useQuery({ ...credentialVerdictQuery(id), enabled: details.isSuccess });
  const detailsFailure = useShownFailure(details);
  const verdictFailure = useShownFailure(verdict);

  const heading = <h1 className="text-2xl font-bold text-ink">{t`Certificate verification`}</h1>;
  if (detailsFailure) {
    // An address that names no certificate is an answer, not a failure: said as such (the server's
    // words for an unknown number, ours for an address whose number is not one), nothing to retry.
    return (
      <div className="flex flex-col gap-4">
        {heading}
        {namesNothing(detailsFailure) ? (
          <div role="status" className="flex flex-col gap-1 rounded-lg border border-gray-200 bg-white p-5">
            <p className="font-semibold text-ink">
              {detailsFailure.status === 404
                ? detailsFailure.message
                : t`This address holds no certificate number.`}
            </p>
            <p className="text-sm text-muted">
              <Trans>Check the address against the one printed on the certificate.</Trans>
            </p>
          </div>
        ) : (
          <ErrorPanel
            headingLevel={2}
            message={detailsFailure.message}
            error={detailsFailure}
            onRetry={() => details.refetch()}
            retrying={details.isFetching}
          />
        )}
        <WayOn />
      </div>
    );
  }

  if (!details.isSuccess)
    return (
      <div className="flex flex-col items-center gap-4 py-10">
        {heading}
        <Spinner size={48} label={t`Loading the certificate…`} />
      </div>
    );

  const certificate = details.data;
  const title = pickLocalized(language, certificate.course_title, certificate.course_title_tr);
  return (
    <div className="flex flex-col gap-5">
      {heading}
      {verdictFailure ? (
        <ErrorPanel
          headingLevel={2}
          message={t`We could not check the signature. Try again.`}
          error={verdictFailure}
          onRetry={() => verdict.refetch()}
          retrying={verdict.isFetching}
        />
      ) : !verdict.isSuccess ? (
        <Spinner label={t`Checking the signature…`} />
      ) : (
        <VerdictBanner valid={verdict.data.valid} reason={verdict.data.reason} />
      )}
      <dl className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-5">
        <Fact label={<Trans>Awarded to</Trans>}>
          <span className="flex flex-col items-start gap-1">
            <bdi>{certificate.name}</bdi>
            {certificate.orcid ? <OrcidLink orcid={certificate.orcid} /> : null}
          </span>
        </Fact>
        <Fact label={<Trans>For completing the course</Trans>}>
          <span lang={title.lang} dir={dirOf(title.lang)}>
            {title.text}
          </span>
        </Fact>
        <Fact label={<Trans>Date of issue</Trans>}>
          {/* The day the certificate itself prints (UTC), not the reader's day. */}
          <time dateTime={issueDay(certificate.issuedAt)}>
            {formatIssueDate(certificate.issuedAt, language)}
          </time>
        </Fact>
        <Fact label={<Trans>Certificate ID</Trans>}>
          {/* Lines break after a hyphen (a UUID's groups), not inside a group: `break-all` left "55"
              alone on a phone. A group too long for the line still breaks anywhere. */}
          <bdi dir="ltr" className="font-mono text-sm wrap-anywhere">
            {certificate._id.split('-').map((group, index) => (
              <Fragment key={index}>
                {index > 0 ? (
                  <>
                    -<wbr />
                  </>
                ) : null}
                {group}
              </Fragment>
            ))}
          </bdi>
        </Fact>
        {/* The platform's name in the reader's language, as the verdict above names it. */}
        <Fact label={<Trans>Issued by</Trans>}>{t`Open Science Courses`}</Fact>
      </dl>
      <div className="flex flex-wrap gap-2">
        <CredentialDownloads certificateId={certificate._id} />
      </div>
      <WayOn />
    </div>
  );
}
