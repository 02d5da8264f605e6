import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify, TOAST_MS } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useGoogleSignIn } from '../api/google-sign-in.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { takeGoogleState } from '../lib/google-state.ts';

/**
 * /auth/google/callback: Google sends the browser back with `code` and `state`. The state must match
 * the nonce stored before leaving; the code then goes to the server (as the bearer) with the role
 * chosen before. Failures: toast 'Request failed, try again' or the server's message, 3 s (§8).
 */
export function GoogleCallback() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const { mutate } = useGoogleSignIn();
  const started = useRef(false);
  useDocumentTitle(t`Sign in with Google`);

  useEffect(() => {
    // The code can be exchanged once; React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      notify.error(message, TOAST_MS.short);
      void navigate(paths.login, { replace: true });
    };
    const expected = takeGoogleState(params.get('state'));
    const code = params.get('code');
    if (!expected || !code || params.has('error')) return fail(t`Request failed, try again`);
    mutate(
      { code, role: expected.role },
      {
        onSuccess: (data) => completeSignIn(data, expected.next),
        onError: (error) =>
          fail(
            error instanceof ApiError && error.status !== 0 ? error.message : t`Request failed, try again`,
          ),
      },
    );
  }, [params, navigate, mutate, completeSignIn, t]);

  return (
    <div className="flex flex-col items-center gap-4 py-10">
      <h1 className="text-2xl font-bold text-ink">{t`Sign in with Google`}</h1>
      <Spinner size={48} label={t`Signing you in…`} />
    </div>
  );
}
