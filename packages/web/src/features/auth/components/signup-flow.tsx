import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiArrowLeft, FiBookOpen, FiEdit3, FiMail } from 'react-icons/fi';
import type { SignupBody, SignupRole } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/browser-storage.ts';
import { SHOWN_WITHOUT_STORED } from '../../../app/prerendered-page.ts';
import { paths } from '../../../lib/paths.ts';
import { rememberNextAfterVerification, safeNext, withNext } from '../../../lib/session.ts';
import { leadingBackTo } from '../lib/return-after-signup.ts';
import { notify, TOAST_MS } from '../../../lib/toast.ts';
import {
  useTranslatedResolver,
  useValidatedForm,
  useValidationMessage,
} from '../../../lib/validation-messages.ts';
import { loadSignupSchema } from '../lib/load-schemas.ts';
import { useSignup } from '../api/signup.ts';
import { passwordHint } from '../lib/password-hint.ts';
import { alsoTo, useFocusOnArrival } from '../hooks/use-focus-on-arrival.ts';
import { AuthPage } from './auth-page.tsx';
import { OidcSignInSection } from './oidc-sign-in-buttons.tsx';
import { ResendVerificationButton } from './resend-verification.tsx';

/**
 * The roles a visitor may pick. The value sent is always one of these constants; the label is only
 * what the reader sees (the old app sent the translated label, so Arabic signups became Contributors).
 */
const ROLE_CHOICES = ['EndUser', 'Contributor'] as const satisfies readonly SignupRole[];

type SignupValues = Omit<SignupBody, 'preferred_language' | 'next'>;
const FIELDS = ['firstname', 'lastname', 'email', 'password', 'passwordConfirm'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(path);

/**
 * The chosen role lives in the address (`/signup?role=EndUser`) and the choices are plain links: the
 * page is prerendered (decision 022), so a click that lands before React has hydrated it still goes
 * to the form instead of doing nothing (decision 034).
 */
const roleIn = (search: string): SignupRole | null =>
  ROLE_CHOICES.find((value) => value === new URLSearchParams(search).get('role')) ?? null;

/**
 * The address the verification link went to, kept for the tab (sessionStorage, as the reset request
 * is, decision 176): on a phone the tab is often reloaded on the way back from the mail app, and the
 * "sent" screen (its address, its Resend) must survive that. Its Back clears it.
 */
const SENT_ITEM = 'signup_sent';

/** /signup, keeping the other parameters (`next`, `lang`), with the role set or removed. */
function signupHref(search: string, role: SignupRole | null): string {
  const params = new URLSearchParams(search);
  if (role) params.set('role', role);
  else params.delete('role');
  const query = params.toString();
  return query ? `${paths.signup}?${query}` : paths.signup;
}

/** /signup: choose a role, fill in the form, then 'verification link sent'. */
export function SignupFlow() {
  const { t } = useLingui();
  const { search } = useLocation();
  const role = roleIn(search);
  // Read at once: the prerendered /signup is adopted only in a tab without the item (its role choice
  // is marked so, decision 176); otherwise the app draws the page itself, from the start.
  const [sentTo, setSentTo] = useState(() => sessionStore.getItem(SENT_ITEM));
  // Sent here from a course page: after verifying and logging in, the new account goes back there.
  const next = safeNext(search);
  const roleLabel = (value: SignupRole) => (value === 'EndUser' ? t`User` : t`Contributor`);
  // The role chosen last on this visit: back on the choice (its "Back", the browser's Back), the
  // reader goes on from that option, as Back returns the focus to the control left from (decision 139).
  const [lastRole, setLastRole] = useState<SignupRole | null>(null);
  if (role && role !== lastRole) setLastRole(role);

  // The form lives here, so going back to the role choice keeps what was typed.
  const form = useValidatedForm<SignupValues>(useTranslatedResolver(loadSignupSchema), {
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    passwordConfirm: '',
    role: 'EndUser',
  });
  useEffect(() => {
    if (role) form.setValue('role', role);
  }, [form, role]);

  if (sentTo)
    return (
      <VerificationSent
        email={sentTo}
        next={next}
        back={signupHref(search, role)}
        onBack={() => {
          sessionStore.removeItem(SENT_ITEM);
          setSentTo(null);
        }}
      />
    );
  const roleName = role ? roleLabel(role) : '';
  if (!role)
    return (
      <AuthPage title={t`Sign Up`} subtitle={t`How would you like to join?`}>
        <RoleChoice hrefOf={(choice) => signupHref(search, choice)} chosen={lastRole} />
        <AlreadyMember next={next} />
      </AuthPage>
    );
  return (
    <AuthPage title={t`Sign Up As ${roleName}`}>
      <SignupForm
        form={form}
        role={role}
        next={next}
        back={signupHref(search, null)}
        onSent={(email) => {
          rememberNextAfterVerification(next);
          setSentTo(email);
          sessionStore.setItem(SENT_ITEM, email);
        }}
      />
    </AuthPage>
  );
}

function RoleChoice({
  hrefOf,
  chosen,
}: {
  hrefOf: (role: SignupRole) => string;
  /** The role the reader comes back from, whose option takes the focus; null on a first visit. */
  chosen: SignupRole | null;
}) {
  const { t } = useLingui();
  const chosenOption = useFocusOnArrival<HTMLAnchorElement>(chosen !== null);
  const choices: Record<SignupRole, { label: string; hint: string; Icon: typeof FiBookOpen }> = {
    EndUser: { label: t`As User`, hint: t`Learn from open-science courses.`, Icon: FiBookOpen },
    Contributor: {
      label: t`As Contributor`,
      hint: t`Create and share your own courses.`,
      Icon: FiEdit3,
    },
  };
  return (
    <div
      role="group"
      aria-label={t`Choose how to sign up`}
      className="grid gap-3 sm:grid-cols-2"
      {...{ [SHOWN_WITHOUT_STORED]: SENT_ITEM }}
    >
      {ROLE_CHOICES.map((value) => {
        const { label, hint, Icon } = choices[value];
        return (
          <Link
            key={value}
            ref={value === chosen ? chosenOption : undefined}
            to={hrefOf(value)}
            data-role={value}
            className="flex flex-col items-start gap-2 rounded-lg border-2 border-gray-300 bg-white p-4 text-start transition-[color,background-color,border-color] hover:border-primary-dark hover:bg-primary-light"
          >
            <Icon aria-hidden="true" className="size-6 text-primary-darker" />
            <span className="text-lg font-semibold text-ink">{label}</span>
            <span className="text-sm text-muted">{hint}</span>
          </Link>
        );
      })}
    </div>
  );
}

function AlreadyMember({ next }: { next: string | null }) {
  return (
    <p className="text-center text-sm text-muted">
      <Trans>
        Already have an account?{' '}
        <Link
          to={withNext(paths.login, next)}
          className="font-semibold text-primary-darker underline underline-offset-2"
        >
          Log In
        </Link>
      </Trans>
    </p>
  );
}

/** Back one step: from the form to the role choice, from the "sent" screen to the form. */
function BackLink({ to, onClick }: { to: string; onClick?: () => void }) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="inline-flex items-center gap-2 self-start rounded-md px-2 py-1 text-sm font-semibold text-primary-darker hover:bg-primary-light"
    >
      <FiArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
      <Trans>Back</Trans>
    </Link>
  );
}

function SignupForm({
  form,
  role,
  next,
  back,
  onSent,
}: {
  form: UseFormReturn<SignupValues>;
  role: SignupRole;
  next: string | null;
  back: string;
  onSent: (email: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const message = useValidationMessage();
  const signup = useSignup();
  const { errors } = form.formState;
  const firstField = useFocusOnArrival<HTMLInputElement>();

  const mismatchMessage = t`password does not match`;
  const mismatch = () => {
    const { password, passwordConfirm } = form.getValues();
    if (!passwordConfirm || password === passwordConfirm) return false;
    notify.error(mismatchMessage, TOAST_MS.short);
    form.setError('passwordConfirm', { type: 'passwords_mismatch', message: message('passwords_mismatch') });
    return true;
  };

  const onSubmit = form.handleSubmit(
    (values) => {
      // The passwords match now: a refusal toast still up would stand over the next screen.
      notify.dismiss(mismatchMessage);
      // The role comes from the constant chosen on the first step, never from a label. A course to
      // come back to goes with it, for the verification link to carry (decision 200).
      const body: SignupBody = { ...values, role, preferred_language: language, ...leadingBackTo(next) };
      signup.mutate(body, {
        onSuccess: () => onSent(body.email),
        onError: (error) => {
          if (!(error instanceof ApiError)) return void notify.error(t`Request failed`);
          for (const fieldError of error.fieldErrors)
            if (isField(fieldError.path))
              form.setError(fieldError.path, { type: 'server', message: fieldError.message });
          if (error.fieldErrors.length === 0) notify.error(error.message);
        },
      });
    },
    () => void mismatch(),
  );

  const firstname = form.register('firstname');
  return (
    <div className="flex flex-col gap-5">
      <BackLink to={back} />
      <OidcSignInSection signupRole={role} />
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`First Name`}
            autoComplete="given-name"
            dir="auto"
            error={errors.firstname?.message}
            {...alsoTo(firstname, firstField)}
          />
          <TextField
            label={t`Last Name`}
            autoComplete="family-name"
            dir="auto"
            error={errors.lastname?.message}
            {...form.register('lastname')}
          />
        </div>
        <TextField
          label={t`Email`}
          type="email"
          dir="ltr"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          hint={passwordHint()}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={t`Confirm Password`}
          autoComplete="new-password"
          error={errors.passwordConfirm?.message}
          {...form.register('passwordConfirm')}
        />
        <Button type="submit" loading={signup.isPending || form.formState.isSubmitting} className="w-full">
          {t`Sign Up`}
        </Button>
      </form>
      <AlreadyMember next={next} />
    </div>
  );
}

/** After signing up: where the link went, and what to do next. */
function VerificationSent({
  email,
  next,
  back,
  onBack,
}: {
  email: string;
  next: string | null;
  /** Back to the form (or the choice), this page's own address: to send to another address. */
  back: string;
  onBack: () => void;
}) {
  const { t } = useLingui();
  return (
    <AuthPage title={t`Your verification link is in your email!`} announce>
      <div className="flex flex-col items-start gap-4">
        <BackLink to={back} onClick={onBack} />
        <FiMail aria-hidden="true" className="size-12 text-primary-dark" />
        <p className="text-ink">
          <Trans>
            We have sent it to{' '}
            <strong className="wrap-break-word">
              <bdi>{email}</bdi>
            </strong>
            . Open the link in that e-mail to activate your account, then log in.
          </Trans>
        </p>
        <p className="text-sm text-muted">
          <Trans>Nothing arrived? Check your spam folder, or send the link again.</Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <ResendVerificationButton email={email} next={next} />
          <Link
            to={withNext(paths.login, next)}
            className="inline-flex min-h-10 items-center rounded-md bg-primary-dark px-4 py-2 text-sm font-semibold text-white hover:bg-primary-darker"
          >
            {t`Log In`}
          </Link>
        </div>
      </div>
    </AuthPage>
  );
}
