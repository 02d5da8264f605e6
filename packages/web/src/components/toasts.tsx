import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import toast, { ToastBar, Toaster } from 'react-hot-toast';
import { FiX } from 'react-icons/fi';
import { TOAST_MS, TOASTER_CLASS } from '../lib/toast.ts';
import { ToastAnnouncer } from './toast-announcer.tsx';
import { ToastLimit } from './toast-limit.tsx';
import { TOASTS_TOP, useToastContainer } from './toast-host.ts';
import { TOAST_ID, useToastFocus } from './use-toast-focus.ts';

/**
 * The toasts of every screen that talks to the API, top centre (in a modal, below its header), each with
 * a button that closes it.
 *
 * Screen readers hear them through `ToastAnnouncer`, a live region that is always there: an open modal
 * hides everything outside it from screen readers (Radix marks it `aria-hidden`) except the live
 * regions present when it opened, and an error told in a toast over a modal (a refused upload, a save
 * that failed, "Missing incomplete fields") was shown and never read (decisions 144, 146).
 */
export function Toasts() {
  const { t } = useLingui();
  const focus = useToastFocus();
  const { home, container } = useToastContainer();
  // Not read as toasts come (the announcer reads them), and each toast is not live on its own
  // (`notify`); but marked with `aria-live`, which is what a modal spares (decision 144), should it
  // hide the page while the toaster is still there. A region named with the key that reaches it, as
  // Radix's toasts are (decision 150). Drawn in `home`, or inside the top modal while one is open,
  // where its focus trap lets F8 and Tab in (decision 152); the announcer stays in the page.
  const toaster = (
    <div role="region" aria-label={t`Notifications (F8)`} aria-live="off" {...focus}>
      <ToastLimit />
      <Toaster
        position="top-center"
        containerClassName={TOASTER_CLASS}
        // In a modal, just below its header: its title and Close button stay in sight (decision 207).
        containerStyle={{ top: `var(${TOASTS_TOP}, 16px)` }}
        toastOptions={{
          duration: TOAST_MS.default,
          // Unseen, except in forced colours, which drop the toast's background: its edge is left.
          style: { border: '1px solid transparent' },
          success: { duration: TOAST_MS.short, style: { background: '#1f7a4d', color: '#fff' } },
          error: { style: { background: '#b42318', color: '#fff' } },
        }}
      >
        {(item) => (
          <ToastBar toast={item}>
            {({ icon, message }) => <ToastContent id={item.id} icon={icon} message={message} />}
          </ToastBar>
        )}
      </Toaster>
    </div>
  );
  return (
    <>
      <ToastAnnouncer />
      <div ref={home} />
      {container && createPortal(toaster, container)}
    </>
  );
}

/**
 * A toast's icon, message and close button. A toast covers the top of the page (a phone's menu, a
 * modal's header) for seconds, and a tap on it only paused it (the toaster pauses while a pointer is
 * over it, and a tap leaves the pointer there): so each has a button that closes it, described by its
 * message, so that a reader who reached it with F8 hears which toast it closes. The ring takes the
 * toast's text colour: the app's teal ring would not show on the red and green toasts.
 */
function ToastContent({ id, icon, message }: { id: string; icon: ReactNode; message: ReactNode }) {
  const { t } = useLingui();
  const messageId = useId();
  return (
    <>
      {icon}
      {/* Drawn as if absent (the message stays the toast's flex item); named for the description. */}
      <span id={messageId} className="contents">
        {message}
      </span>
      <button
        type="button"
        aria-label={t`Close`}
        aria-describedby={messageId}
        {...{ [TOAST_ID]: id }}
        onClick={() => toast.dismiss(id)}
        className="-me-1 shrink-0 rounded p-1 outline-current!"
      >
        <FiX aria-hidden="true" size={18} />
      </button>
    </>
  );
}
