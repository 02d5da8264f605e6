import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { installSessionExpiry } from '../app/session-expiry.ts';
import { recoverAfterOutages } from '../lib/outage-recovery.ts';
import { Toasts } from '../components/toasts.tsx';
import { CodeWaitToast } from '../components/code-wait-toast.tsx';

// Module scope: installed once, when the first screen that talks to the API loads.
if (!import.meta.env.SSR) {
  installSessionExpiry();
  recoverAfterOutages(queryClient);
}

/**
 * Layout of every screen that talks to the API (sign-in pages, dashboards, course viewer): React
 * Query and the toasts. The landing and not-found pages sit outside it and load none of this.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toasts />
      <CodeWaitToast />
    </QueryClientProvider>
  );
}
