import { useEffect, useId, useMemo, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../../../../lib/toast.ts';
import { isCoverImage, isTooLarge } from './file-checks.ts';
import { FilePicker } from './file-picker.tsx';

export interface CoverFieldProps {
  /** The chosen (not yet uploaded) cover. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The saved cover of an existing course. */
  currentUrl: string | null;
  error?: string;
  disabled?: boolean;
}

/**
 * Course photo upload (description §5): jpg/jpeg/png, at most 100 KB — a bigger file is refused on
 * selection with the 'file size too large' toast, keeping the photo chosen before — and a preview of
 * the chosen image.
 */
export function CoverField({ file, onFileChange, currentUrl, error, disabled }: CoverFieldProps) {
  const { t } = useLingui();
  const id = useId();
  // What was wrong with the last pick, as a message to translate when shown: a language switched since
  // says it in the new language.
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = preview ?? currentUrl;
  const message = problem ? t(problem) : error;

  return (
    <div className="flex flex-col gap-2">
      {disabled ? (
        <p className="text-sm font-semibold text-ink">
          <Trans>Course photo</Trans>
        </p>
      ) : (
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          <Trans>Course photo</Trans>
        </label>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-28 w-44 shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-gray-400 bg-gray-50">
          {shown ? (
            <img
              src={shown}
              alt={t`Chosen course cover`}
              className="h-full w-full object-cover"
              data-testid="cover-preview"
            />
          ) : (
            <span className="px-2 text-center text-xs text-muted">
              <Trans>No photo chosen</Trans>
            </span>
          )}
        </div>
        {disabled ? null : (
          <div className="flex min-w-0 flex-col gap-1">
            <FilePicker
              id={id}
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              invalid={Boolean(message)}
              describedBy={`${id}-hint${message ? ` ${id}-error` : ''}`}
              buttonLabel={t`Choose file`}
              status={file ? file.name : currentUrl ? t`The current photo is kept.` : t`No file chosen`}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                if (!chosen) return;
                // A refused pick leaves the cover already chosen in place, as the PDF field does: the
                // author sees why and still has the photo they picked before.
                if (!isCoverImage(chosen)) {
                  const text = msg`Choose a JPG or PNG image`;
                  setProblem(text);
                  notify.error(t(text));
                  event.target.value = '';
                  return;
                }
                if (isTooLarge(chosen)) {
                  setProblem(msg`file size too large`);
                  notify.error(t`file size too large`);
                  event.target.value = '';
                  return;
                }
                setProblem(null);
                onFileChange(chosen);
              }}
            />
            <p id={`${id}-hint`} className="text-xs text-muted">
              <Trans>JPG or PNG</Trans> · {t`Max 100KB`}
            </p>
            {message ? (
              <p id={`${id}-error`} className="text-sm text-error" role="alert">
                {message}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
