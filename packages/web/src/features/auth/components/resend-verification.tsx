import { Trans, useLingui } from '@lingui/react/macro';
import type { EmailBody } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { leadingBackTo } from '../lib/return-after-signup.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { loadEmailSchema } from '../lib/load-schemas.ts';
import { useResendVerification } from '../api/resend-verification.ts';

const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** 'Resend verification e-mail' for a known address: one button. */
export function ResendVerificationButton({ email, next }: { email: string; next?: string | null }) {
  const { t } = useLingui();
  const resend = useResendVerification();
  return (
    <Button
      variant="secondary"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(
          { email, ...leadingBackTo(next) },
          {
            onSuccess: (response) => notify.success(response.message),
            onError: (error) => notify.error(errorMessage(error, t`Request failed`)),
          },
        )
      }
    >
      {t`Resend verification e-mail`}
    </Button>
  );
}

/** 'Resend verification e-mail' when the address is not known yet (expired link…): a small form. */
export function ResendVerificationForm({ next }: { next?: string | null }) {
  const { t } = useLingui();
  const resend = useResendVerification();
  const form = useValidatedForm<EmailBody>(useTranslatedResolver(loadEmailSchema), { email: '' });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      aria-labelledby="resend-verification-title"
      onSubmit={(event) =>
        void form.handleSubmit((body) =>
          resend.mutate(
            { ...body, ...leadingBackTo(next) },
            {
              onSuccess: (response) => notify.success(response.message),
              onError: (error) => notify.error(errorMessage(error, t`Request failed`)),
            },
          ),
        )(event)
      }
    >
      <h2 id="resend-verification-title" className="text-lg font-semibold text-ink">
        <Trans>Need a new link?</Trans>
      </h2>
      <TextField
        label={t`Email`}
        type="email"
        dir="ltr"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" variant="secondary" loading={resend.isPending || form.formState.isSubmitting}>
        {t`Resend verification e-mail`}
      </Button>
    </form>
  );
}
