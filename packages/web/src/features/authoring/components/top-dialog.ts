/**
 * Whether a dialog lies over `own` (the dialog holding the caller), or over the page when `own` is
 * null: dialogs are drawn in portals at the end of the page, the one opened last on top.
 */
export function dialogOver(own: Element | null): boolean {
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  const top = dialogs[dialogs.length - 1];
  return top !== undefined && top !== own;
}

/**
 * Answers the browser's Back as Escape in the top-most dialog (decision 199): Radix hands the key to
 * that layer only, so a question's modal forgets what was typed in it, as its Escape does (decision
 * 142), and a confirmation answers its harmless choice.
 */
export function closeTopDialog() {
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
}
