import { forwardRef, useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { FiEye, FiEyeOff } from 'react-icons/fi';
import type { TextFieldProps } from './text-field.tsx';

/** Password input with a show/hide toggle that keeps focus order and announces its state. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ label, error, hint, id, className = '', ...rest }, ref) {
    const { t } = useLingui();
    const [visible, setVisible] = useState(false);
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
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-pressed={visible}
            aria-label={visible ? t`Hide password` : t`Show password`}
            className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted hover:text-ink"
          >
            {visible ? <FiEyeOff aria-hidden="true" /> : <FiEye aria-hidden="true" />}
          </button>
        </div>
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
