import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { FcGoogle } from 'react-icons/fc';
import type { SignupRole } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { safeNext } from '../../../lib/session.ts';
import { authConfigQuery } from '../api/auth-config.ts';
import { googleAuthorizationUrl } from '../lib/google-state.ts';
import { OrDivider } from './or-divider.tsx';

/**
 * 'Sign in with Google' and the 'OR' divider under it, shown only when the server has Google
 * sign-in configured. `signupRole` is the constant the account is created with (never a label).
 */
export function GoogleSignInSection({ signupRole }: { signupRole: SignupRole }) {
  const { t } = useLingui();
  const location = useLocation();
  const { data } = useQuery(authConfigQuery);
  const [leaving, setLeaving] = useState(false);
  if (!data?.google.enabled) return null;
  const google = data.google;
  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        loading={leaving}
        onClick={() => {
          const url = googleAuthorizationUrl(google, signupRole, safeNext(location.search));
          if (!url) return;
          setLeaving(true);
          window.location.assign(url);
        }}
      >
        {leaving ? null : <FcGoogle aria-hidden="true" className="size-5" />}
        {t`Sign in with Google`}
      </Button>
      <OrDivider />
    </>
  );
}
