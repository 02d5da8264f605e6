import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { codeWaitsForServer, subscribeCodeWait } from '../lib/route-code.ts';
import { notify } from '../lib/toast.ts';

/**
 * While a page being opened waits for its code because the server does not answer (`loadRouteCode`),
 * the page on screen stays and a toast says why and that the page will open by itself; read by the
 * toasts' announcer. It goes when the page opens, or when the reader went elsewhere instead.
 */
export function CodeWaitToast() {
  const { t } = useLingui();
  const waiting = useSyncExternalStore(subscribeCodeWait, codeWaitsForServer, () => false);
  const opening = useNavigation().state !== 'idle';
  const message = t`We could not reach the server. The page will open by itself as soon as the server answers.`;
  useEffect(() => {
    if (!waiting || !opening) return;
    notify.error(message, Infinity);
    return () => notify.dismiss(message);
  }, [waiting, opening, message]);
  return null;
}
