import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../lib/query-client.ts';
import { installSessionExpiry } from '../app/session-expiry.ts';
import { TOAST_MS } from '../lib/toast.ts';
import { ToastLimit } from '../components/toast-limit.tsx';

// Module scope: installed once, when the first screen that talks to the API loads.
if (!import.meta.env.SSR) installSessionExpiry();

/**
 * Layout of every screen that talks to the API (sign-in pages, dashboards, course viewer): React
 * Query and the toasts. The landing and not-found pages sit outside it and load none of this.
 */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <ToastLimit />
      <Toaster
        position="top-center"
        toastOptions={{
          duration: TOAST_MS.default,
          // Unseen, except in forced colours, which drop the toast's background: its edge is left.
          style: { border: '1px solid transparent' },
          success: { duration: TOAST_MS.short, style: { background: '#1f7a4d', color: '#fff' } },
          error: { style: { background: '#b42318', color: '#fff' } },
        }}
      />
    </QueryClientProvider>
  );
}
