import toast from 'react-hot-toast';

/** Toast durations of the description §8/§9: 5 s by default, 3 s for success, mismatch and Google errors. */
export const TOAST_MS = { default: 5000, short: 3000 } as const;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_MS.short }),
  error: (message: string, duration: number = TOAST_MS.default) => toast.error(message, { duration }),
  info: (message: string) => toast(message, { duration: TOAST_MS.default }),
};
