import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * After a save the form refused, the focus goes to `target()` — what needs the author's attention and
 * has no input of react-hook-form's own: a missing cover or one the server refused, a quiz's questions,
 * a question's correct answer, its list of options — when it comes first in reading order: the focus
 * is still on the page or on the save controls (the course form's actions, a dialog's footer), or on
 * something after the target (react-hook-form's first invalid field, further down). A field above it
 * keeps the focus, and so does the first of two targets that both need attention. Once per submission.
 *
 * Looked at in a timeout: react-hook-form focuses its first invalid field as the submission ends and
 * again in a timeout it sets before counting the submission, which would take the focus back.
 */
export function useFocusOnRefusedSave(submitCount: number, target: () => HTMLElement | null | undefined) {
  const find = useRef(target);
  useLayoutEffect(() => {
    find.current = target;
  });
  useEffect(() => {
    if (submitCount === 0) return;
    const timer = setTimeout(() => {
      const element = find.current();
      if (!element) return;
      const active = document.activeElement;
      const first =
        !active ||
        active === document.body ||
        !!active.closest('[data-form-actions], [data-modal-footer]') ||
        (!element.contains(active) &&
          !!(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING));
      if (first) element.focus();
    });
    return () => clearTimeout(timer);
  }, [submitCount]);
}
