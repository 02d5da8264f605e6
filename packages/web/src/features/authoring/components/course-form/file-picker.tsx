import { forwardRef, type ChangeEvent, type ReactNode } from 'react';
import { FiUpload } from 'react-icons/fi';

export interface FilePickerProps {
  /** The input's id: the field's own `<label htmlFor>` names it. */
  id: string;
  name?: string;
  accept: string;
  /**
   * An upload of the chosen file is running: no new pick until it answers. Not `disabled`, which would
   * take the keyboard focus away from the input the author has just used.
   */
  busy?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The visible button text ("Choose file"), in the reader's language. */
  buttonLabel: string;
  /** What is chosen, or that nothing is ("No file chosen"), in the reader's language. */
  status: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
}

/**
 * A file input that speaks the interface's language (the browser's own "Choose File / No file
 * chosen" would stay English in the Arabic pages). The real input stays in the tab order and keeps
 * the field's label; the visible button is only its picture, hidden from assistive technology.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, name, accept, busy, invalid, describedBy, buttonLabel, status, onChange, onBlur },
  ref,
) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <input
        ref={ref}
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-disabled={busy ? true : undefined}
        aria-busy={busy ? true : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={[describedBy, `${id}-status`].filter(Boolean).join(' ')}
        className="peer sr-only"
        // Keeps the file chooser shut while busy: it opens on this click, which the label forwards too.
        onClick={busy ? (event) => event.preventDefault() : undefined}
        onChange={onChange}
        onBlur={onBlur}
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-primary-dark bg-white px-3 py-2 text-sm font-semibold text-primary-darker peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-dark peer-aria-disabled:cursor-not-allowed peer-aria-disabled:opacity-60 hover:bg-primary-light"
      >
        <FiUpload aria-hidden="true" />
        {buttonLabel}
      </label>
      <span id={`${id}-status`} className="min-w-0 text-sm break-words text-ink">
        {status}
      </span>
    </div>
  );
});
