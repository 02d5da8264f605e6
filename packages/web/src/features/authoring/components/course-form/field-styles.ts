/** Read-only (locked) fields look unavailable, not merely empty. */
export const disabledLook = 'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-ink';

/**
 * The buttons of a disabled fieldset (the course form while a restore offer waits: Add Section, a
 * section's Add Resources, Move and Delete) look unavailable too: the outlined `Button` draws a disabled
 * one as an enabled one, and the author pressed a normal-looking Add Section that did nothing.
 */
export const disabledButtonsWithinLook =
  '[&_button:disabled]:cursor-not-allowed [&_button:disabled]:border-gray-300 [&_button:disabled]:bg-gray-100 [&_button:disabled]:text-muted';

/** An outlined `Button` that is disabled (a save waiting for an upload) looks so, as a filled one does. */
export const disabledOutlinedButtonLook = 'disabled:border-gray-300 disabled:bg-gray-100 disabled:text-muted';
