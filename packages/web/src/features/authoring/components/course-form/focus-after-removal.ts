/**
 * The control a list's item keeps the focus on after a removal (its Delete button, or the button that
 * opens it), and the list's Add button: `{...itemControl(list, position)}`, `{...addControl(list)}`.
 */
export const itemControl = (list: string, position: number) => ({ 'data-item': `${list}-${position}` });
export const addControl = (list: string) => ({ 'data-add': list });

/**
 * After a removal, keep the keyboard and screen-reader user in the list. The control they pressed
 * left with its item (or its modal closed), and the focus fell to the page, which starts them again
 * from the top: put it on the same control of the item now in its place, else of the one before,
 * else on the list's Add button. Like `focusMoveButton`, once the list has been drawn again.
 */
export function focusAfterRemoval(list: string, position: number) {
  requestAnimationFrame(() => {
    const item = (at: number) => document.querySelector<HTMLElement>(`[data-item="${list}-${at}"]`);
    const add = document.querySelector<HTMLElement>(`[data-add="${list}"]`);
    (item(position) ?? item(position - 1) ?? add)?.focus();
  });
}
