import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language, LoginBody } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { carriedEmail, carryEmail, safeNext, withNext } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { loadLoginSchema } from '../lib/load-schemas.ts';
import { useLogin } from '../api/login.ts';
import { useLoginAdmin } from '../api/login-admin.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { FormAlert } from './form-alert.tsx';
import { OidcSignInSection } from './oidc-sign-in-buttons.tsx';
import { ResendVerificationButton } from './resend-verification.tsx';
import { dirOf } from '../../../lib/localized.ts';

/** The server's words, in the language they came in (`lang`). */
type Problem =
  | { kind: 'credentials'; message: string; lang: Language }
  | { kind: 'unverified'; message: string; lang: Language; email: string }
  | null;

/**
 * The sign-in form of /login (`admin` false: Google, links to reset and signup) and of /admin/login
 * (`admin`: only a SuperAdmin gets in; anyone else sees 'Unauthorized').
 */
export function LoginForm({ admin = false }: { admin?: boolean }) {
  const { t } = useLingui();
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  const userLogin = useLogin();
  const adminLogin = useLoginAdmin();
  const mutation = admin ? adminLogin : userLogin;
  const [problem, setProblem] = useState<Problem>(null);
  const alertId = useId();

  const form = useValidatedForm<LoginBody>(useTranslatedResolver(loadLoginSchema), {
    email: carriedEmail(location.state),
    password: '',
  });
  const { errors } = form.formState;
  const navigate = useNavigate();
  const forgotPassword = withNext(paths.forgotPassword, safeNext(location.search));

  const onSubmit = form.handleSubmit((body) => {
    setProblem(null);
    mutation.mutate(body, {
      onSuccess: (data) => {
        if (admin && data.user.role !== 'SuperAdmin') {
          notify.error(t`Unauthorized`);
          return;
        }
        completeSignIn(data, safeNext(location.search));
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return void notify.error(t`Request failed`);
        if (error.code === 'UNAUTHORIZED_ROLE') return void notify.error(t`Unauthorized`);
        if (error.code === 'INVALID_CREDENTIALS')
          return setProblem({ kind: 'credentials', message: error.message, lang: error.lang });
        if (error.code === 'EMAIL_NOT_VERIFIED')
          return setProblem({
            kind: 'unverified',
            message: error.message,
            lang: error.lang,
            email: body.email,
          });
        notify.error(error.message);
      },
    });
  });

  // After a refused sign-in both inputs are marked until the user edits them (description §5).
  const refused = problem?.kind === 'credentials';
  const refusedProps = refused
    ? { 'aria-invalid': true as const, 'aria-describedby': alertId, className: 'ring-2 ring-error' }
    : {};
  const clearProblem = () => {
    if (problem) setProblem(null);
  };
  const email = form.register('email', { onChange: clearProblem });
  const password = form.register('password', { onChange: clearProblem });

  return (
    <div className="flex flex-col gap-5">
      {admin ? null : <OidcSignInSection signupRole="EndUser" />}
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        {problem ? (
          <FormAlert id={alertId}>
            <p lang={problem.lang} dir={dirOf(problem.lang)}>
              {problem.message}
            </p>
            {problem.kind === 'unverified' ? (
              <ResendVerificationButton email={problem.email} next={safeNext(location.search)} />
            ) : null}
          </FormAlert>
        ) : null}
        <TextField
          label={t`Email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          error={errors.email?.message}
          {...email}
          {...(errors.email ? {} : refusedProps)}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          error={errors.password?.message}
          {...password}
          {...(errors.password ? {} : refusedProps)}
        />
        {admin ? null : (
          <Link
            to={forgotPassword}
            onClick={(event) => {
              // The address is read at the press: one typed on the prerendered page before the app
              // arrived is in the form's values, though a watch of the field never saw it change.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              void navigate(forgotPassword, { state: carryEmail(form.getValues('email')) });
            }}
            className="inline-flex min-h-6 items-center self-end text-sm font-semibold text-primary-darker underline-offset-2 hover:underline"
          >
            <Trans>Forgot Password?</Trans>
          </Link>
        )}
        <Button type="submit" loading={mutation.isPending || form.formState.isSubmitting} className="w-full">
          {t`Log In`}
        </Button>
      </form>
      {admin ? null : (
        <p className="text-center text-sm text-muted">
          <Trans>
            Don&apos;t have an account?{' '}
            <Link
              to={withNext(paths.signup, safeNext(location.search))}
              className="font-semibold text-primary-darker underline underline-offset-2"
            >
              Sign Up
            </Link>
          </Trans>
        </p>
      )}
    </div>
  );
}
