import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field and linked with aria-describedby; marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  /**
   * A short tag beside the label (the language a field is written in, say): part of the field's
   * description, not its name, so the name stays what a reader or a test asks for.
   */
  tag?: ReactNode;
}

const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-ink placeholder:text-muted focus:border-primary-dark focus:outline-none focus:ring-2 focus:ring-primary/30 ${
    invalid ? 'border-error ring-1 ring-error' : 'border-gray-400'
  }`;

function FieldFrame({
  id,
  label,
  error,
  hint,
  tag,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  const name = (
    <label htmlFor={id} className="text-sm font-semibold text-ink">
      {label}
    </label>
  );
  return (
    <div className="flex flex-col gap-1">
      {tag ? (
        <div className="flex flex-wrap items-center gap-2">
          {name}
          <span id={`${id}-tag`} className="rounded-sm bg-gray-100 px-1.5 text-xs text-muted">
            {tag}
          </span>
        </div>
      ) : (
        name
      )}
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, { error, hint, tag }: Omit<FieldChrome, 'label'>) =>
  [error ? `${id}-error` : null, tag ? `${id}-tag` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ') || undefined;

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error is announced with it. Works with react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, tag, id, className = '', ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} tag={tag}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { error, hint, tag })}
        className={`${inputClass(Boolean(error))} ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
});

export type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, tag, id, className = '', rows = 4, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} tag={tag}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { error, hint, tag })}
        className={`${inputClass(Boolean(error))} ${className}`}
        {...rest}
      />
    </FieldFrame>
  );
});
