import { useEffect } from 'react';
import toast, { useToasterStore } from 'react-hot-toast';

/** A short window, as styles.css's `short:` variant names it (decision 141). */
const SHORT_WINDOW = '(max-height: 30rem)';

/**
 * At most three toasts at once, one in a short window: the newest stay, older ones leave early. Each
 * toast is one line over the top of the page; four stacked covered a phone's form, and three covered
 * the whole question modal at 320 × 256 (decision 141).
 */
export function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const limit = window.matchMedia(SHORT_WINDOW).matches ? 1 : 3;
    // Newest first, as the store keeps them.
    for (const shown of toasts.filter((item) => item.visible).slice(limit)) toast.dismiss(shown.id);
  }, [toasts]);
  return null;
}
