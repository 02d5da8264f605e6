import { Toaster } from 'react-hot-toast';
import { TOAST_MS, TOASTER_CLASS } from '../lib/toast.ts';
import { ToastLimit } from './toast-limit.tsx';

/**
 * The toasts of every screen that talks to the API, top centre.
 *
 * They are read through one live region that is always there, not each toast's own: an open modal
 * hides everything outside it from screen readers (Radix marks it `aria-hidden`) except the live
 * regions present when it opened, and a toast's own region only exists while the toast does. An error
 * told in a toast over a modal (a refused upload, a save that failed, "Missing incomplete fields") was
 * shown and never read.
 */
export function Toasts() {
  return (
    // Each toast is made not live on its own (`notify`): this region reads it once.
    <div aria-live="polite">
      <ToastLimit />
      <Toaster
        position="top-center"
        containerClassName={TOASTER_CLASS}
        toastOptions={{
          duration: TOAST_MS.default,
          // Unseen, except in forced colours, which drop the toast's background: its edge is left.
          style: { border: '1px solid transparent' },
          success: { duration: TOAST_MS.short, style: { background: '#1f7a4d', color: '#fff' } },
          error: { style: { background: '#b42318', color: '#fff' } },
        }}
      />
    </div>
  );
}
