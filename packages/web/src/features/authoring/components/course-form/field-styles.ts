/** Read-only (locked) fields look unavailable, not merely empty. */
export const disabledLook = 'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-ink';
