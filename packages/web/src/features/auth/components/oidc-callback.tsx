import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { OidcProvider } from '@app/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify, TOAST_MS } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOidcSignIn } from '../api/oidc-sign-in.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { takeOidcState } from '../lib/oidc-state.ts';
import { OidcEmailStep } from './oidc-email-step.tsx';
import { useAddressParams } from '../../../lib/address-params.ts';

/**
 * /auth/:provider/callback: the provider sends the browser back with `code` and `state`. The state
 * must match the nonce stored before leaving; the code then goes to the server (as the bearer) with
 * the role chosen before. A provider that shares no e-mail (ORCID) leads to the e-mail step.
 * Failures: toast 'Request failed, try again' or the server's message, 3 s (§8).
 */
export function OidcCallback({ provider }: { provider: OidcProvider }) {
  const { t } = useLingui();
  const [params] = useAddressParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { mutate } = useOidcSignIn();
  const started = useRef(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const title = provider === 'orcid' ? t`Sign in with ORCID` : t`Sign in with Google`;
  useDocumentTitle(title);

  useEffect(() => {
    // The code can be exchanged once; React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      notify.error(message, TOAST_MS.short);
      void navigate(paths.login, { replace: true });
    };
    const expected = takeOidcState(provider, params.get('state'));
    const code = params.get('code');
    if (!expected || !code || params.has('error')) return fail(t`Request failed, try again`);
    mutate(
      { provider, code, role: expected.role },
      {
        onSuccess: (data) =>
          'ticket' in data ? setTicket(data.ticket) : completeSignIn(data, expected.next),
        onError: (error) =>
          fail(
            error instanceof ApiError && error.status !== 0 ? error.message : t`Request failed, try again`,
          ),
      },
    );
  }, [provider, params, navigate, mutate, completeSignIn, t]);

  if (ticket) return <OidcEmailStep title={title} ticket={ticket} />;
  return (
    <div className="flex flex-col items-center gap-4 py-10">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <Spinner size={48} label={t`Signing you in…`} />
    </div>
  );
}
