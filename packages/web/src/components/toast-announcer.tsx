import { resolveValue, useToasterStore } from 'react-hot-toast';

/**
 * What screen readers hear of the toasts: a copy of each shown toast's message, in a live region of
 * its own that is always on the page (decision 146).
 *
 * The toasts themselves are not read as they come. Read through a region around the toaster, a toast
 * was read with its close button ("Upload failed, Close"); and a message shown again, which restarts
 * its toast instead of adding one (`notify`), changed nothing in that region and was not read again:
 * a second failed attempt said nothing to a screen reader. Each copy is keyed by its toast's id and
 * the time it was (re)shown, so showing it again replaces the copy and it is read again.
 */
export function ToastAnnouncer() {
  const { toasts } = useToasterStore();
  return (
    // Always there, so a modal opened later spares it (it hides the page but for live regions).
    <div aria-live="polite" className="sr-only">
      {toasts
        .filter((item) => item.visible)
        .map((item) => (
          <p key={`${item.id}@${item.createdAt}`}>{resolveValue(item.message, item)}</p>
        ))}
    </div>
  );
}
