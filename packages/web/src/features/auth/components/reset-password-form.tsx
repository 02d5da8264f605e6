import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language, ResetPasswordBody } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { carryEmail, safeNext, withNext } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { loadResetPasswordSchema } from '../lib/load-schemas.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { SHOWN_WITHOUT_STORED } from '../../../app/prerendered-page.ts';
import { clearResetRequest, RESET_TOKEN_ITEM, useResetRequest } from '../lib/reset-token.ts';
import { passwordHint } from '../lib/password-hint.ts';
import { alsoTo, useFocusOnArrival } from '../hooks/use-focus-on-arrival.ts';
import { AuthPage } from './auth-page.tsx';
import { FormAlert } from './form-alert.tsx';
import { dirOf } from '../../../lib/localized.ts';

// At least 24 px tall (WCAG 2.5.8, target size); it still looks like a plain link in the alert.
const requestNewCodeLink =
  'inline-flex min-h-6 items-center self-start font-semibold underline underline-offset-2';

/** /resetpassword: the e-mailed code and a new password, sent with the reset request's token. */
export function ResetPasswordForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const next = safeNext(useLocation().search);
  const reset = useResetPassword();
  const { token, email } = useResetRequest();
  /** Why the reset request is over, in the server's words and the language they came in. */
  const [deadRequest, setDeadRequest] = useState<{ message: string; lang: Language } | null>(null);
  const form = useValidatedForm<ResetPasswordBody>(useTranslatedResolver(loadResetPasswordSchema), {
    password_reset_code: '',
    new_password: '',
  });
  const { errors } = form.formState;
  // Arrived with the code on its way (or back from the mail app): the reader starts in its field.
  const codeField = useFocusOnArrival<HTMLInputElement>();

  const onSubmit = form.handleSubmit((body) => {
    if (!token) return;
    reset.mutate(
      { body, resetToken: token },
      {
        onSuccess: (data) => {
          clearResetRequest();
          notify.success(data.message);
          void navigate(withNext(paths.login, next), { replace: true, state: carryEmail(email ?? '') });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return void notify.error(t`Request failed`);
          if (error.code === 'RESET_CODE_INVALID')
            // The focus goes to the field the message is on (it stayed on the button or the password).
            return form.setError(
              'password_reset_code',
              { type: 'server', message: error.message },
              { shouldFocus: true },
            );
          // Over, or refused for too many wrong codes for the address (decision 178): the form is no use.
          if (error.code === 'RESET_EXPIRED' || error.code === 'RESET_LOCKED' || error.status === 401) {
            clearResetRequest();
            return setDeadRequest({ message: error.message, lang: error.lang });
          }
          notify.error(error.message);
        },
      },
    );
  });

  const subtitle = email ? (
    <Trans>
      Enter the code we sent to{' '}
      <strong className="wrap-break-word">
        <bdi>{email}</bdi>
      </strong>{' '}
      and choose a new password.
    </Trans>
  ) : (
    <Trans>Enter the code from your e-mail and choose a new password.</Trans>
  );

  if (!token || deadRequest)
    return (
      // A request found dead replaces the form the reader just sent: its heading takes the focus.
      <AuthPage title={t`Reset Password`} announce={deadRequest !== null}>
        <FormAlert>
          {deadRequest ? (
            <p lang={deadRequest.lang} dir={dirOf(deadRequest.lang)}>
              {deadRequest.message}
            </p>
          ) : (
            <p {...{ [SHOWN_WITHOUT_STORED]: RESET_TOKEN_ITEM }}>{t`Request a reset code first.`}</p>
          )}
          <Link to={withNext(paths.forgotPassword, next)} className={requestNewCodeLink}>
            <Trans>Request a new code</Trans>
          </Link>
        </FormAlert>
      </AuthPage>
    );

  const code = form.register('password_reset_code');
  return (
    <AuthPage title={t`Reset Password`} subtitle={subtitle}>
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <TextField
          label={t`Reset Code`}
          inputMode="numeric"
          dir="ltr"
          autoComplete="one-time-code"
          error={errors.password_reset_code?.message}
          {...alsoTo(code, codeField)}
        />
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={passwordHint()}
          error={errors.new_password?.message}
          {...form.register('new_password')}
        />
        <Button type="submit" loading={reset.isPending || form.formState.isSubmitting} className="w-full">
          {t`Submit`}
        </Button>
      </form>
      <Link
        to={withNext(paths.forgotPassword, next)}
        className="inline-flex min-h-6 items-center self-start text-sm font-semibold text-primary-darker hover:underline"
      >
        <Trans>Request a new code</Trans>
      </Link>
    </AuthPage>
  );
}
