/** Read-only (locked) fields look unavailable, not merely empty. */
export const disabledLook = 'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-ink';

/**
 * The buttons of a disabled fieldset (the course form while a restore offer waits) look unavailable
 * too: a `Button` fades by itself, the form's own plain ones (Move, Delete) take this look. The author had
 * pressed a normal-looking Add Section that did nothing.
 */
export const disabledButtonsWithinLook =
  '[&_button:disabled]:cursor-not-allowed [&_button:disabled]:border-gray-300 [&_button:disabled]:bg-gray-100 [&_button:disabled]:text-muted';
