import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * After a save the form refused, the focus goes to `target()` (what needs the author's attention) when
 * react-hook-form had no input of its own to focus: a quiz's questions, a question's correct answer,
 * its list of options. Only while the focus is still on the page or on the save controls (the course
 * form's actions, a dialog's footer): a field react-hook-form focused keeps it, and so does the first
 * of two groups that both need attention. Once per submission.
 */
export function useFocusOnRefusedSave(submitCount: number, target: () => HTMLElement | null | undefined) {
  const find = useRef(target);
  useLayoutEffect(() => {
    find.current = target;
  });
  useEffect(() => {
    if (submitCount === 0) return;
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('[data-form-actions], [data-modal-footer]'))
      return;
    find.current()?.focus();
  }, [submitCount]);
}
