import { useLingui } from '@lingui/react/macro';
import { AuthPage } from '../features/auth/components/auth-page.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';

export function Component() {
  const { t } = useLingui();
  return (
    <AuthPage title={t`Login As Admin`}>
      <LoginForm admin />
    </AuthPage>
  );
}
