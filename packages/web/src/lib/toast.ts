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

/**
 * A toast's id, unless its caller names one (`NotifyOptions.id`): its message. The same message shown
 * again restarts its timer instead of stacking a copy over the page (repeated attempts at an invalid
 * upload, a form submitted twice…).
 */
export interface NotifyOptions {
  /** How long it stays (ms); `TOAST_MS.default` unless said. */
  duration?: number;
  /**
   * The toast's own id, for the refusals of one field: each replaces that field's toast before it (a
   * file too large, then of the wrong type, is one toast), and `notify.dismiss(id)` takes it away once
   * the field is mended, whatever it said.
   */
  id?: string;
}

const optionsOf = (message: string, given: number | NotifyOptions = {}) => {
  const { duration = TOAST_MS.default, id = message } =
    typeof given === 'number' ? { duration: given } : given;
  return { id, duration, ariaProps };
};

export const notify = {
  success: (message: string) => toast.success(message, { id: message, duration: TOAST_MS.short, ariaProps }),
  /** The second argument is its duration (ms), or its options. */
  error: (message: string, options?: number | NotifyOptions) =>
    toast.error(message, optionsOf(message, options)),
  info: (message: string) => toast(message, { id: message, duration: TOAST_MS.default, ariaProps }),
  /** Takes a toast away by its id: its message, or the id it was given. */
  dismiss: (id: string) => toast.dismiss(id),
};
