import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

/**
 * A filled button has a transparent border: unseen, except in forced colours (Windows high contrast),
 * which drop backgrounds and draw borders, so it keeps its edge there like the outlined one.
 */
const VARIANTS: Record<Variant, string> = {
  primary:
    'border border-transparent bg-primary-dark text-white hover:bg-primary-darker aria-disabled:bg-primary-dark/60',
  secondary: 'border border-primary-dark text-primary-darker bg-white hover:bg-primary-light',
  danger: 'border border-transparent bg-error text-white hover:bg-red-800',
  ghost: 'text-ink hover:bg-gray-100',
};

/**
 * A button's look, for a link that looks like one (a way on that is an address, not an action). Any
 * variant, disabled, is faded: an outlined one used to look pressable and do nothing. Its colours fade
 * on hover, but not the outline's: Tailwind's colour transition fades `outline-color` too, and the
 * keyboard's focus ring (styles.css) faded in from the text colour, unseen at first on the white text
 * of a filled button.
 */
export const buttonClass = (variant: Variant = 'primary') =>
  `inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-[color,background-color,border-color] disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed ${VARIANTS[variant]}`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /**
   * Shows a spinner in place and ignores presses while an action runs. The button stays focusable
   * (`aria-disabled`, not `disabled`, which made the browser drop the focus to the page), even when
   * `disabled` is passed too: the reader who pressed it is still there when the action ends, or fails
   * and can be tried again (decision 125).
   */
  loading?: boolean;
  /** Passed to the `button` (a control that may leave the page with the focus: decision 164). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      // Never disabled while loading, whatever the caller says (a form disables its other buttons
      // while one saves): the pressed one keeps the focus.
      disabled={!loading && rest.disabled}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      aria-busy={loading || undefined}
      // Also keeps a submit button from submitting its form again (Enter in a field presses it too).
      onClick={loading ? (event) => event.preventDefault() : onClick}
      className={`${buttonClass(variant)} ${className}`}
    >
      {loading ? <Spinner size={18} /> : null}
      {children}
    </button>
  );
}
