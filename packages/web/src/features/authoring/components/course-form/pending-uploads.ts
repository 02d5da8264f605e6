import { createContext, useCallback, useContext, useEffect, useState } from 'react';

/**
 * The course form's uploads still running (decision 096). A PDF is uploaded as soon as it is chosen and
 * only its address goes into the form when the upload answers, so a save made meanwhile would send the
 * file that was there before (or none) and, the form closing, drop the new one: the form's save buttons
 * wait while this counts any.
 */
export const PendingUploads = createContext<(change: 1 | -1) => void>(() => {});

/** For the form: whether any of its fields is uploading, and the counter its fields report to. */
export function usePendingUploads() {
  const [count, setCount] = useState(0);
  const report = useCallback((change: 1 | -1) => setCount((current) => current + change), []);
  return { uploading: count > 0, report };
}

/**
 * For a field: counts its upload while `pending`. A field removed meanwhile stops counting, since its
 * upload's answer is no longer written into the form.
 */
export function useUploadPending(pending: boolean) {
  const report = useContext(PendingUploads);
  useEffect(() => {
    if (!pending) return;
    report(1);
    return () => report(-1);
  }, [pending, report]);
}
