import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { FcGoogle } from 'react-icons/fc';
import { SiOrcid } from 'react-icons/si';
import type { OidcProvider, SignupRole } from '@app/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PROVIDERS_PLACE } from '../../../lib/early-requests.ts';
import { safeNext } from '../../../lib/session.ts';
import { authConfigQuery } from '../api/auth-config.ts';
import { oidcAuthorizationUrl } from '../lib/oidc-state.ts';
import { OrDivider } from './or-divider.tsx';

/**
 * 'Sign in with Google' / 'Sign in with ORCID' and the 'OR' divider under them, each shown only when
 * the server has that provider configured. `signupRole` is the constant a new account gets.
 */
export function OidcSignInSection({ signupRole }: { signupRole: SignupRole }) {
  const { t } = useLingui();
  const location = useLocation();
  const { data } = useQuery(authConfigQuery);
  const [leaving, setLeaving] = useState<OidcProvider | null>(null);
  // Until the list is in (and in the prerendered page) their place, for the early module to find.
  if (!data) return <div {...{ [PROVIDERS_PLACE]: '' }} hidden />;
  const buttons = [
    {
      provider: 'google' as const,
      label: t`Sign in with Google`,
      icon: <FcGoogle aria-hidden="true" className="size-5" />,
    },
    {
      provider: 'orcid' as const,
      label: t`Sign in with ORCID`,
      icon: <SiOrcid aria-hidden="true" className="size-5 text-[#A6CE39]" />,
    },
  ].filter(({ provider }) => data[provider].enabled);
  if (buttons.length === 0) return null;
  return (
    <>
      {buttons.map(({ provider, label, icon }) => (
        <Button
          key={provider}
          variant="secondary"
          className="w-full"
          loading={leaving === provider}
          disabled={leaving !== null}
          onClick={() => {
            const url = oidcAuthorizationUrl(provider, data[provider], signupRole, safeNext(location.search));
            if (!url) return;
            setLeaving(provider);
            window.location.assign(url);
          }}
        >
          {leaving === provider ? null : icon}
          {label}
        </Button>
      ))}
      <OrDivider />
    </>
  );
}
