import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
 *
 * Until the server's list is in — and so in the prerendered page — every provider's button is there,
 * hidden: the early module asks for the list and shows the ones the server has on before the app has
 * arrived, and a click on one is held until it has (decision 053).
 */
export function OidcSignInSection({ signupRole }: { signupRole: SignupRole }) {
  const { t } = useLingui();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data } = useQuery(authConfigQuery);
  const [leaving, setLeaving] = useState<OidcProvider | null>(null);
  // Back from the provider, the browser may show this page as it was left (its back/forward cache),
  // buttons still busy: a page shown again is not leaving any more.
  useEffect(() => {
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', shownAgain);
    return () => window.removeEventListener('pageshow', shownAgain);
  }, []);
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
  ].filter(({ provider }) => !data || data[provider].enabled);
  if (buttons.length === 0) return null;

  const signIn = async (provider: OidcProvider) => {
    // A click held before the app arrived may come back before the list has.
    const config = data ?? (await queryClient.fetchQuery(authConfigQuery));
    const url = oidcAuthorizationUrl(provider, config[provider], signupRole, safeNext(location.search));
    if (!url) return;
    setLeaving(provider);
    window.location.assign(url);
  };
  const place = data ? {} : { [PROVIDERS_PLACE]: '', hidden: true };
  return (
    <div className="contents" {...place}>
      {buttons.map(({ provider, label, icon }) => (
        <Button
          key={provider}
          data-provider={provider}
          variant="secondary"
          className="w-full"
          loading={leaving === provider}
          disabled={leaving !== null}
          onClick={() => void signIn(provider)}
        >
          {leaving === provider ? null : icon}
          {label}
        </Button>
      ))}
      <OrDivider />
    </div>
  );
}
