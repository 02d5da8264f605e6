import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../../../../lib/toast.ts';
import { isCoverImage, isTooLarge } from './file-checks.ts';
import { FilePicker } from './file-picker.tsx';
import { COVER_REFUSALS, COVER_TOAST } from './cover-refusals.ts';

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
 * the chosen image. A file the browser cannot open as an image (a PDF named .png) is refused once its
 * preview fails, the same way: the photo chosen before comes back. The preview decides, not the first
 * bytes: it also finds a damaged image, and the server still reads the bytes of what is sent.
 * Its refusals share one toast (`COVER_TOAST`), gone once a photo is taken.
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
  // The cover chosen before the last pick: it comes back if the pick turns out not to be an image.
  const before = useRef<File | null>(null);
  // The saved cover's address when it could not be shown (the server away): not drawn broken again.
  const [unshown, setUnshown] = useState<string | null>(null);

  const shown = preview ?? (currentUrl === unshown ? null : currentUrl);
  const message = problem ? t(problem) : error;

  const refuse = (text: MessageDescriptor) => {
    setProblem(text);
    notify.error(t(text), { id: COVER_TOAST });
  };

  /**
   * The preview failed: a chosen file is no image the browser can open (a PDF named .png, a damaged
   * image), so neither could the course's pages. It is refused as a file of the wrong type is (the
   * cover before comes back) rather than drawn as a broken image with its text spilling out.
   */
  const previewFailed = () => {
    if (!preview) {
      setUnshown(currentUrl);
      return;
    }
    refuse(COVER_REFUSALS.cannotOpen);
    onFileChange(before.current);
    before.current = null;
  };

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
              // A new element for each image: one that failed to load is not reused for the next.
              key={shown}
              src={shown}
              alt={t`Chosen course cover`}
              className="h-full w-full object-cover"
              data-testid="cover-preview"
              onError={previewFailed}
            />
          ) : (
            <span className="px-2 text-center text-xs text-muted">
              {currentUrl && currentUrl === unshown ? (
                <Trans>The photo cannot be shown</Trans>
              ) : (
                <Trans>No photo chosen</Trans>
              )}
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
                  refuse(COVER_REFUSALS.wrongType);
                  event.target.value = '';
                  return;
                }
                if (isTooLarge(chosen)) {
                  refuse(COVER_REFUSALS.tooLarge);
                  event.target.value = '';
                  return;
                }
                setProblem(null);
                notify.dismiss(COVER_TOAST);
                before.current = file;
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
