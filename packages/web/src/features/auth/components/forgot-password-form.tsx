import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowLeft } from 'react-icons/fi';
import type { EmailBody } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { carriedEmail, safeNext, withNext } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { loadEmailSchema } from '../lib/load-schemas.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { storeResetRequest } from '../lib/reset-token.ts';
import { alsoTo, useFocusOnArrival } from '../hooks/use-focus-on-arrival.ts';
import { AuthPage } from './auth-page.tsx';

/** /forgotpassword: ask for a reset code, keep the reset request's token, go to /resetpassword. */
export function ForgotPasswordForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Where the sign-in that sent them here was going: through the reset, back to it.
  const location = useLocation();
  const next = safeNext(location.search);
  const forgot = useForgotPassword();
  const form = useValidatedForm<EmailBody>(useTranslatedResolver(loadEmailSchema), {
    email: carriedEmail(location.state),
  });
  const { errors } = form.formState;
  // The page is there to type the address (often carried from Log In, then Enter sends it): it
  // starts in the field, as sign-up's form does.
  const emailField = useFocusOnArrival<HTMLInputElement>();

  const onSubmit = form.handleSubmit((body) =>
    forgot.mutate(body, {
      onSuccess: (data) => {
        storeResetRequest(data.access_token, body.email);
        notify.success(data.message);
        void navigate(withNext(paths.resetPassword, next));
      },
      onError: (error) => notify.error(error instanceof ApiError ? error.message : t`Request failed`),
    }),
  );

  const email = form.register('email');
  return (
    <AuthPage title={t`Forgot Password`} subtitle={t`Enter the email associated with your account.`}>
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <TextField
          label={t`Email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          error={errors.email?.message}
          {...alsoTo(email, emailField)}
        />
        <Button type="submit" loading={forgot.isPending || form.formState.isSubmitting} className="w-full">
          {t`Send Reset Code`}
        </Button>
      </form>
      <Link
        to={withNext(paths.login, next)}
        className="inline-flex min-h-6 items-center gap-2 self-start text-sm font-semibold text-primary-darker hover:underline"
      >
        <FiArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
        <Trans>Back to Log In</Trans>
      </Link>
    </AuthPage>
  );
}
