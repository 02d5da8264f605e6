import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '@app/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiCheckCircle, FiXCircle } from 'react-icons/fi';
import { ErrorPanel, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { currentUserQuery, getToken, homeFor, logout, withNext } from '../../../lib/session.ts';
import { returnAfterVerification } from '../lib/return-after-signup.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { verifyEmailQuery } from '../api/verify-email.ts';
import { ResendVerificationForm } from './resend-verification.tsx';
import { dirOf } from '../../../lib/localized.ts';

const refusesTheLink = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * /verifyemail/:token — spinner, then success with a Login button (or, to someone signed in, whose
 * session this is and a choice), or the reason with a way on.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { t } = useLingui();
  // The course the link leads back to (`?next=`, decision 200), else the one this device kept: where
  // every way on to log in goes.
  const next = returnAfterVerification(useLocation().search);
  const verification = useQuery(verifyEmailQuery(token));
  const failure = useShownFailure(verification);
  // Who is signed in in this browser, if anyone: the link verifies the account it was sent to, which
  // need not be theirs. A session the server refuses ends as on every page (app/session-expiry.ts);
  // one that cannot be read (an outage) gets today's Login button.
  const viewer = useQuery({ ...currentUserQuery, enabled: Boolean(getToken()) });
  useDocumentTitle(t`Email verification`);

  if ((verification.isPending && !failure) || viewer.isLoading)
    return (
      <div className="flex flex-col items-center gap-4 py-10">
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Email verification</Trans>
        </h1>
        <Spinner size={48} label={t`Verifying your e-mail address…`} />
      </div>
    );

  if (verification.isSuccess)
    return (
      <Verified heading={<Trans>Email Verification Successful!</Trans>} viewer={viewer.data} next={next}>
        <p className="text-muted" lang={verification.data.lang} dir={dirOf(verification.data.lang)}>
          {verification.data.message}
        </p>
      </Verified>
    );

  const error = failure;
  // A link opened again (a second click, a mail app's preview) is refused, but its account is verified
  // and the server says so (decision 175): that is the good news, told as such.
  if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED')
    return (
      <Verified heading={<Trans>Email already verified</Trans>} viewer={viewer.data} next={next}>
        <p className="text-muted" lang={error.lang} dir={dirOf(error.lang)}>
          {error.message}
        </p>
      </Verified>
    );
  // Only the server's refusal of the link (a 4xx) is final; an unreachable or struggling server says
  // nothing about the link, which may still be good: the learner tries it again here.
  if (!refusesTheLink(error))
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-center text-2xl font-bold text-ink">
          <Trans>Email verification</Trans>
        </h1>
        <ErrorPanel
          message={error instanceof ApiError ? error.message : t`Request failed`}
          error={error}
          onRetry={() => verification.refetch()}
          retrying={verification.isFetching}
        />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-4 text-center">
        <FiXCircle aria-hidden="true" className="size-14 text-error" />
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Email verification failed</Trans>
        </h1>
        <p role="alert" className="text-ink" lang={error.lang} dir={dirOf(error.lang)}>
          {error.message}
        </p>
        <p className="text-sm text-muted">
          <Trans>
            Not signed up yet?{' '}
            <Link
              to={paths.signup}
              className="font-semibold text-primary-darker underline underline-offset-2"
            >
              Sign Up
            </Link>
          </Trans>
        </p>
        {/* A link used and then expired is gone (decision 175): its account may well be verified. */}
        <p className="text-sm text-muted">
          <Trans>
            Already verified?{' '}
            <Link
              to={withNext(paths.login, next)}
              className="font-semibold text-primary-darker underline underline-offset-2"
            >
              Log In
            </Link>
          </Trans>
        </p>
      </div>
      <ResendVerificationForm next={next} />
    </div>
  );
}

/** A verified address: a tick, the heading, what the server said, and the way on to log in. */
function Verified({
  heading,
  children,
  viewer,
  next,
}: {
  heading: ReactNode;
  children: ReactNode;
  viewer: User | undefined;
  /** Where logging in leads on to. */
  next: string | null;
}) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <FiCheckCircle aria-hidden="true" className="size-14 text-success" />
      <h1 className="text-2xl font-bold text-ink">{heading}</h1>
      {children}
      {viewer ? (
        <SignedInChoice viewer={viewer} next={next} />
      ) : (
        <Link to={withNext(paths.login, next)} className={buttonClass()}>
          <Trans>Login</Trans>
        </Link>
      )}
    </div>
  );
}

/**
 * Someone is signed in here, and the link may have verified another account: a Login button would
 * lead straight into the signed-in account's board (the sign-in page sends a signed-in user on), as if
 * it were the one just verified. So the page names the session and lets the reader choose. Signing
 * out is the header's own (`logout` in lib/session.ts), then on to sign in as today's Login button goes.
 */
function SignedInChoice({ viewer, next }: { viewer: User; next: string | null }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const { email } = viewer;
  const signOutAndLogIn = () => {
    setSigningOut(true);
    void logout((login) => navigate(withNext(login, next)));
  };
  return (
    <>
      <p className="max-w-full text-ink wrap-anywhere">
        <Trans>
          You are signed in as{' '}
          <strong>
            <bdi>{email}</bdi>
          </strong>
          .
        </Trans>
      </p>
      <p className="text-sm text-muted">
        <Trans>If this link was for another account, sign out and log in to it.</Trans>
      </p>
      {/* One above the other at every width: an address of any length fits its button. */}
      <div className="flex w-full flex-col gap-3">
        <Button loading={signingOut} onClick={signOutAndLogIn}>
          <Trans>Sign out and log in</Trans>
        </Button>
        <Link
          to={homeFor(viewer.role)}
          className={`${buttonClass('secondary')} max-w-full min-w-0 wrap-anywhere`}
        >
          <span>
            <Trans>
              Continue as <bdi>{email}</bdi>
            </Trans>
          </span>
        </Link>
      </div>
    </>
  );
}
