import { useContext, useId, useLayoutEffect, useRef, useState } from 'react';
import { useController, useFormContext, type Control } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiFileText, FiRefreshCw } from 'react-icons/fi';
import type { CourseDraft } from '@app/shared';
import { ApiError, endedTheSession } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/toast.ts';
import { useFocusMovesWhenGone } from '../../../../lib/focus-page-heading.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Modal } from '../../../../components/ui/modal.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useUploadFile } from '../../api/upload-file.ts';
import { hasPdfName, isPdf, isTooLarge } from './file-checks.ts';
import { FilePicker } from './file-picker.tsx';
import { PendingUploads, useUploadPending } from './pending-uploads.ts';

type ResourcePath = `coursesection.${number}.resources.${number}`;
export type ResourceUpload = ReturnType<typeof useResourceUpload>;

/**
 * A resource's PDF upload, held by the resource (`ResourceFields`, keyed by its field id) rather than
 * by its PDF field: the author may move the resource or its section, remove it, or switch its type
 * (which unmounts the field but keeps the file, decision 012) before the upload answers. The address
 * then goes to where the resource is at that moment, not to the position it was picked at; if the
 * resource is gone it is dropped, and the author is told (decision 096).
 */
export function useResourceUpload(path: ResourcePath) {
  const { t } = useLingui();
  const { setValue, getFieldState } = useFormContext<CourseDraft>();
  const { isOpen } = useContext(PendingUploads);
  const upload = useUploadFile();
  useUploadPending(upload.isPending);
  // Held here, with the upload, so that it outlives the field as the upload does (a switch of type).
  const [failed, setFailed] = useState<File | null>(null);
  const place = useRef<ResourcePath | null>(path);
  useLayoutEffect(() => {
    place.current = path;
    return () => {
      place.current = null;
    };
  }, [path]);

  /**
   * Uploads `file` into this resource; rejects with the failure, unless the resource is gone. A file
   * that may go through when sent again is kept as `failed` (the author need not find it again): a new
   * file replaces it, and it stays while it is sent again, until that answers.
   */
  const send = (file: File) => {
    setFailed((kept) => (kept === file ? kept : null));
    return upload.mutateAsync(file).then(
      (uploaded) => {
        const at = place.current;
        if (at === null) {
          if (isOpen())
            notify.error(t`The PDF was not attached: its resource was deleted during the upload.`);
          return;
        }
        setFailed(null);
        // The server names what the bytes are, and a course takes only a PDF as a resource's file.
        if (uploaded.content_type !== 'application/pdf') throw new NotAPdf();
        const name = `${at}.file` as const;
        // As the field's own change would: checked again only if it was shown as wrong.
        setValue(name, uploaded.secure_url, {
          shouldDirty: true,
          shouldValidate: getFieldState(name).invalid,
        });
        notify.success(t`PDF uploaded`);
      },
      (failure: unknown) => {
        if (place.current === null) return;
        setFailed(refusesTheFile(failure) ? null : file);
        throw failure;
      },
    );
  };
  return { isPending: upload.isPending, send, failed };
}

/**
 * The server stored the file as something else than a PDF (it judges by the bytes, which this browser
 * may have read otherwise): it is not attached, as a file refused on selection is not.
 */
class NotAPdf extends Error {
  constructor() {
    super('The uploaded file is not a PDF');
    this.name = 'NotAPdf';
  }
}

/** The server refused the file itself (empty, too large, not a PDF): the same bytes would be refused again. */
const refusesTheFile = (failure: unknown) =>
  failure instanceof ApiError && [400, 413, 415].includes(failure.status);

export interface PdfFieldProps {
  control: Control<CourseDraft>;
  sectionIndex: number;
  resourceIndex: number;
  /** The resource's upload (`useResourceUpload`). */
  upload: ResourceUpload;
  disabled?: boolean;
}

/**
 * A PDF resource's file (description §5): .pdf only, under 100 KB ('Max 100KB', and the 'file size too
 * large' toast on selection). The file is uploaded through POST /files as soon as it is chosen, so the
 * form (and its autosaved copy) holds only its address; an existing file can be opened with 'View Pdf'.
 * The form's save buttons wait for the upload (`pending-uploads.ts`). A file whose upload failed is kept
 * and offered again with 'Try again' until another is chosen.
 */
export function PdfField({ control, sectionIndex, resourceIndex, upload, disabled }: PdfFieldProps) {
  const { t } = useLingui();
  const id = useId();
  // Why the last file was not attached: the server's words (in the language it was asked in), or ours
  // as a message to translate when shown, so a language switched since says it in the new language.
  const [problem, setProblem] = useState<MessageDescriptor | string | null>(null);
  const [viewing, setViewing] = useState(false);
  const {
    field: { ref, name, value, onBlur },
    fieldState,
  } = useController({
    control,
    name: `coursesection.${sectionIndex}.resources.${resourceIndex}.file`,
  });
  const said = (text: MessageDescriptor | string) => (typeof text === 'string' ? text : t(text));
  const error = problem === null ? fieldState.error?.message : said(problem);
  const failed = upload.failed;
  // The last file chosen: one whose bytes are still being read is forgotten when another is chosen.
  const lastChosen = useRef<File | null>(null);
  // One toast for this field's refusals: each replaces the one before, and a file that passes the
  // checks takes it away (the cover field's rule).
  const toastId = `pdf-file-${id}`;

  /** A file refused on selection: said beside the field and in a toast; nothing is uploaded. */
  const refuse = (text: MessageDescriptor, toast: MessageDescriptor = text) => {
    setProblem(text);
    notify.error(t(toast), { id: toastId });
  };

  /** Uploads a chosen (or failed) PDF; its failure is said beside the field and in a toast. */
  const sendFile = (file: File) => {
    setProblem(null);
    notify.dismiss(toastId);
    upload.send(file).catch((failure: unknown) => {
      if (endedTheSession(failure)) return;
      // A 415 says every kind the server stores (PDF, PNG, JPEG); this field takes PDFs only.
      const text =
        failure instanceof NotAPdf || (failure instanceof ApiError && failure.status === 415)
          ? msg`Only PDF files can be uploaded`
          : failure instanceof ApiError
            ? failure.message
            : msg`Request Failed`;
      setProblem(text);
      notify.error(said(text), { id: toastId });
    });
  };

  return (
    <div className="flex flex-col gap-2">
      {disabled ? (
        <p className="text-sm font-semibold text-ink">
          <Trans>PDF file</Trans>
        </p>
      ) : (
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          <Trans>PDF file</Trans>
        </label>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {disabled ? (
          value ? null : (
            <span className="text-sm text-muted">
              <Trans>No file chosen</Trans>
            </span>
          )
        ) : (
          <FilePicker
            id={id}
            ref={ref}
            name={name}
            accept=".pdf,application/pdf"
            busy={upload.isPending}
            invalid={Boolean(error)}
            describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
            buttonLabel={value ? t`Replace file` : t`Choose file`}
            status={value ? t`A PDF is attached.` : failed ? <bdi>{failed.name}</bdi> : t`No file chosen`}
            onBlur={onBlur}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen || upload.isPending) return;
              lastChosen.current = chosen;
              // Its name is told at once; its first bytes (a picture renamed .pdf) a moment later.
              if (!hasPdfName(chosen)) return refuse(msg`Only PDF files can be uploaded`);
              void isPdf(chosen).then((pdf) => {
                if (lastChosen.current !== chosen) return;
                if (!pdf) return refuse(msg`Only PDF files can be uploaded`);
                if (isTooLarge(chosen)) return refuse(msg`Max 100KB`, msg`file size too large`);
                sendFile(chosen);
              });
            }}
          />
        )}
        {/* A file sent again shows its upload on its "Try again". */}
        {upload.isPending && !failed ? <Spinner size={20} label={t`Uploading the PDF…`} /> : null}
        {value && !upload.isPending ? (
          <Button variant="secondary" onClick={() => setViewing(true)}>
            <FiFileText aria-hidden="true" />
            <Trans>View Pdf</Trans>
          </Button>
        ) : null}
      </div>
      {disabled ? null : (
        <p id={`${id}-hint`} className="text-xs text-muted">
          <Trans>PDF only</Trans> · {t`Max 100KB`}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
      {failed && !disabled ? (
        <RetryUpload
          id={`${id}-failed`}
          inputId={id}
          name={failed.name}
          busy={upload.isPending}
          onRetry={() => sendFile(failed)}
        />
      ) : null}
      {value ? (
        <Modal open={viewing} onOpenChange={setViewing} title={t`View Pdf`} width="60rem">
          <div className="flex flex-col gap-3">
            {showsPdfInPage() ? (
              <iframe
                src={value}
                title={t`The attached PDF`}
                className="h-[70vh] w-full rounded border border-gray-200"
              />
            ) : (
              <p className="text-sm text-ink">
                <Trans>This browser does not show a PDF inside a page: open it in a new tab to see it.</Trans>
              </p>
            )}
            <a
              href={value}
              target="_blank"
              rel="noopener noreferrer"
              className="self-start text-sm font-semibold text-primary-darker underline"
            >
              <Trans>Open the PDF in a new tab</Trans>
            </a>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

/**
 * Whether the browser draws a PDF in a frame. Chrome on Android and other browsers without a PDF
 * viewer say not (`navigator.pdfViewerEnabled`): the frame stayed blank, or downloaded the file as it
 * opened. A browser too old to say is given the frame, as before.
 */
function showsPdfInPage(): boolean {
  return navigator.pdfViewerEnabled !== false;
}

interface RetryUploadProps {
  id: string;
  /** The field's file input, which takes the focus when this goes with it (the try worked). */
  inputId: string;
  name: string;
  busy: boolean;
  onRetry: () => void;
}

/**
 * A chosen PDF that was not uploaded (the server away, the connection cut), named, with "Try again",
 * which sends the same file (decision 096). The button keeps the focus while the file is sent again
 * (`loading`, decision 125); when the try worked and this goes, the file input takes the focus, where
 * the attached PDF is now told, rather than the page.
 */
function RetryUpload({ id, inputId, name, busy, onRetry }: RetryUploadProps) {
  const row = useFocusMovesWhenGone<HTMLDivElement>(() => document.getElementById(inputId)?.focus());
  return (
    <div ref={row} className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p id={id} className="min-w-0 text-sm break-words text-ink">
        <Trans>
          The file <bdi>{name}</bdi> was not uploaded.
        </Trans>
      </p>
      <Button variant="secondary" loading={busy} aria-describedby={id} onClick={onRetry}>
        {busy ? null : <FiRefreshCw aria-hidden="true" />}
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
