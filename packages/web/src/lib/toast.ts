import toast from 'react-hot-toast';

/** Toast durations of the description §8/§9: 5 s by default, 3 s for success, mismatch and Google errors. */
export const TOAST_MS = { default: 5000, short: 3000 } as const;

/** The toaster's class: Escape in a toast closes the toast, not the open modal around it (`Modal`). */
export const TOASTER_CLASS = 'toaster';

/**
 * A toast is not live on its own: `ToastAnnouncer` reads a copy of its message (decision 146). Its own
 * region would read it twice, with its close button, and would be hidden under an open modal anyway.
 */
const ariaProps = { role: 'status', 'aria-live': 'off' } as const;

// The message is the toast's id: the same message shown again restarts its timer instead of stacking
// a copy over the page (repeated attempts at an invalid upload, a form submitted twice…).
export const notify = {
  success: (message: string) => toast.success(message, { id: message, duration: TOAST_MS.short, ariaProps }),
  error: (message: string, duration: number = TOAST_MS.default) =>
    toast.error(message, { id: message, duration, ariaProps }),
  info: (message: string) => toast(message, { id: message, duration: TOAST_MS.default, ariaProps }),
  dismiss: (message: string) => toast.dismiss(message),
};
