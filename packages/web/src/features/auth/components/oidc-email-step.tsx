import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiMail } from 'react-icons/fi';
import type { EmailBody } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { loadEmailSchema } from '../lib/load-schemas.ts';
import { useOidcEmail } from '../api/oidc-sign-in.ts';
import { AuthPage } from './auth-page.tsx';

/**
 * ORCID shares no e-mail address, and the account needs one (notices, password reset). The person
 * gives it here; the server mails our usual verification link, and ORCID sign-in works once it is
 * opened (decision 028).
 */
export function OidcEmailStep({ title, ticket }: { title: string; ticket: string }) {
  const { t } = useLingui();
  const send = useOidcEmail();
  const [sent, setSent] = useState<string | null>(null);
  const form = useValidatedForm<EmailBody>(useTranslatedResolver(loadEmailSchema), { email: '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email }) =>
    send.mutate(
      { ticket, email },
      {
        onSuccess: (message) => setSent(message),
        onError: (error) => notify.error(error instanceof ApiError ? error.message : t`Request failed`),
      },
    ),
  );

  if (sent)
    return (
      <AuthPage title={t`Check your e-mail`} announce>
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-primary-dark/30 bg-primary-light p-4"
        >
          <FiMail aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary-darker" />
          <p className="text-ink" data-testid="oidc-email-sent">
            {sent}
          </p>
        </div>
        <Link
          to={paths.login}
          className="self-start text-sm font-semibold text-primary-darker hover:underline"
        >
          <Trans>Back to Log In</Trans>
        </Link>
      </AuthPage>
    );
  return (
    <AuthPage
      title={title}
      subtitle={t`Your ORCID record does not share an e-mail address with us. Which address should your account use? We will send it a link to confirm.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <TextField
          label={t`Email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" loading={send.isPending || form.formState.isSubmitting} className="w-full">
          {t`Send the confirmation link`}
        </Button>
      </form>
    </AuthPage>
  );
}
