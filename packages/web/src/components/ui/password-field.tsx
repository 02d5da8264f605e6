import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FiEye, FiEyeOff } from 'react-icons/fi';
import type { TextFieldProps } from './text-field.tsx';

/**
 * Password input with a show/hide toggle that keeps focus order and announces its state. The toggle's
 * name stays 'Show password' and `aria-pressed` says whether it is shown (a toggle button's label
 * must not change with its state); the icon follows `aria-pressed` in CSS, so on a prerendered page
 * the early module (app/before-hydration.ts) can work the toggle before React does. While the field
 * has the focus and Caps Lock is on, a line under it says so (a password typed in capitals is refused
 * without a word of why).
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ label, error, hint, id, className = '', ...rest }, ref) {
    const { t } = useLingui();
    const [visible, setVisible] = useState(false);
    const [capsLock, setCapsLock] = useState(false);
    const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) =>
      setCapsLock(event.getModifierState('CapsLock'));
    const generated = useId();
    const fieldId = id ?? generated;
    const described = [error ? `${fieldId}-error` : null, hint ? `${fieldId}-hint` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-semibold text-ink">
          {label}
        </label>
        <div className="relative">
          <input
            ref={ref}
            id={fieldId}
            type={visible ? 'text' : 'password'}
            aria-invalid={error ? true : undefined}
            aria-describedby={described || undefined}
            className={`block w-full rounded-md border bg-white py-2 ps-3 pe-11 text-ink focus:border-primary-dark focus:outline-none focus:ring-2 focus:ring-primary/30 ${
              error ? 'border-error ring-1 ring-error' : 'border-gray-400'
            } ${className}`}
            {...rest}
            onKeyDown={readCapsLock}
            onKeyUp={readCapsLock}
            onBlur={(event) => {
              setCapsLock(false);
              rest.onBlur?.(event);
            }}
          />
          <button
            type="button"
            data-password-toggle
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={t`Show password`}
            className="group absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted hover:text-ink"
          >
            <FiEye aria-hidden="true" className="group-aria-pressed:hidden" />
            <FiEyeOff aria-hidden="true" className="hidden group-aria-pressed:block" />
          </button>
        </div>
        {/* Always there, so that the words are read out when they appear. */}
        <p aria-live="polite" className="text-xs font-semibold text-ink empty:hidden">
          {capsLock ? t`Caps Lock is on.` : null}
        </p>
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
