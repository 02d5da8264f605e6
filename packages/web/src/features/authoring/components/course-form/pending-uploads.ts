import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export interface PendingUploadsValue {
  /** A field's upload started (1) or ended (-1). */
  report: (change: 1 | -1) => void;
  /** Whether the form is still open: an upload that answers after it closed has no one to tell. */
  isOpen: () => boolean;
}

/**
 * The course form's uploads still running (decision 096). A PDF is uploaded as soon as it is chosen and
 * only its address goes into the form when the upload answers, so a save made meanwhile would send the
 * file that was there before (or none) and, the form closing, drop the new one: the form's save buttons
 * wait while this counts any.
 */
export const PendingUploads = createContext<PendingUploadsValue>({ report: () => {}, isOpen: () => true });

/** For the form: whether any of its fields is uploading, and the value its fields report to. */
export function usePendingUploads() {
  const [count, setCount] = useState(0);
  const open = useRef(false);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const report = useCallback((change: 1 | -1) => setCount((current) => current + change), []);
  const value = useMemo(() => ({ report, isOpen: () => open.current }), [report]);
  return { uploading: count > 0, value };
}

/**
 * For a resource: counts its upload while `pending`. A resource removed meanwhile stops counting, since
 * its upload's answer is no longer written into the form.
 */
export function useUploadPending(pending: boolean) {
  const { report } = useContext(PendingUploads);
  useEffect(() => {
    if (!pending) return;
    report(1);
    return () => report(-1);
  }, [pending, report]);
}
