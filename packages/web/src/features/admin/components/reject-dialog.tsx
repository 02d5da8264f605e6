import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { flushSync } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  courseRejectBodySchema,
  REVIEW_NOTE_MAX,
  type CourseRejectBody,
  type CourseSummary,
} from '@app/shared';
import { Modal, ModalFooter } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-field.tsx';
import { CourseName } from '../../../components/course-name.tsx';
import { ApiError, endedTheSession } from '../../../lib/api-client.ts';
import { numberFormat } from '../../../lib/number-formats.ts';
import { notify } from '../../../lib/toast.ts';
import { isolateText } from '../../../lib/use-document-title.ts';
import { useTranslatedResolver, useValidatedForm } from '../../../lib/validation-messages.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { useRejectCourse } from '../api/run-course-action.ts';

export interface RejectDialogProps {
  open: boolean;
  course: CourseSummary;
  /** Accessible name of the course, in the reader's language (the toast names it). */
  title: string;
  /** The menu's rejection, so its button shows the work as for the other actions. */
  rejection: ReturnType<typeof useRejectCourse>;
  /**
   * Closes the dialog; `answered` once the server has answered, when the focus goes back to the row's
   * button before the toast (decision 198), as the confirmations do.
   */
  onClose: (answered: boolean) => void;
}

/**
 * Notes typed and not sent, by course id, while the page lives: Cancel, ✕ and Escape keep what was
 * typed (reopening the dialog for the same course shows it), a sent note or a course no longer pending
 * drops it.
 */
const drafts = new Map<string, string>();

/**
 * "Reject with a note…" (decision 206): the note is required (the author is told why), at most
 * `REVIEW_NOTE_MAX` characters, checked by the server's own schema. The note field has the focus on
 * opening; Cancel, ✕ and Escape close it, keeping the note as a draft, and give the focus back to the
 * row's button, except while the server is answering (the request cannot be taken back); a press beside it does not close it once
 * something is typed. A refused note keeps the dialog open with the server's words under the field.
 */
export function RejectDialog({ open, course, title, rejection, onClose }: RejectDialogProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const busy = rejection.isPending;
  const field = useRef<HTMLTextAreaElement | null>(null);
  const form = useValidatedForm<CourseRejectBody>(useTranslatedResolver(courseRejectBodySchema), {
    reason: '',
  });
  // Typed, or a draft put back on opening: the count and whether a press beside the dialog closes it.
  const length = useWatch({ control: form.control, name: 'reason' }).length;
  // Set before the request and cleared once answered: `isPending` is not yet true for a second press
  // (a double click, a fast Enter) handled before the next render, which would send the note again.
  const sending = useRef(false);
  const { errors } = form.formState;

  // Opening: the course's draft, if one was kept.
  const courseId = course._id;
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    const draft = drafts.get(courseId) ?? '';
    reset({ reason: draft });
  }, [open, courseId, reset]);

  /** `answered`: the server took the note or the course is no longer pending; the draft goes. */
  const close = (answered: boolean) => {
    const typed = form.getValues('reason');
    if (answered || typed.trim() === '') drafts.delete(courseId);
    else drafts.set(courseId, typed);
    form.reset({ reason: '' });
    onClose(answered);
  };

  const send = (body: CourseRejectBody) => {
    if (busy || sending.current) return;
    sending.current = true;
    rejection.mutate(
      { courseId: course._id, reason: body.reason },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: ({ message }) => {
          flushSync(() => close(true));
          const course = isolateText(title);
          notify.success(t`${message}: ${course}`);
        },
        onError: (error) => {
          if (endedTheSession(error)) return;
          const refused =
            error instanceof ApiError ? error.fieldErrors.find((e) => e.path === 'reason') : undefined;
          if (refused) {
            form.setError('reason', { type: 'server', message: refused.message }, { shouldFocus: true });
            return;
          }
          // No longer pending (someone else reviewed it) or gone: the server says which; nothing to keep.
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
            flushSync(() => close(true));
            notify.error(error.message);
            return;
          }
          // Anything else (the server away): the note stays typed, to send again.
          notify.error(t`Request failed`);
        },
      },
    );
  };

  const reason = form.register('reason');
  const digits = numberFormat(language, 'digits');
  const max = digits.format(REVIEW_NOTE_MAX);
  const count = digits.format(length);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) close(false);
      }}
      title={t`Reject with a note`}
      description={<Consequence course={course} />}
      initialFocus={field}
      keepOpenOutside={() => busy || length > 0}
      width="32rem"
    >
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(send)(event)}
        className="flex flex-col gap-1"
      >
        <TextAreaField
          label={t`Note to the author`}
          rows={5}
          // The reviewer writes in either language: each line as it is typed.
          dir="auto"
          maxLength={REVIEW_NOTE_MAX}
          required
          aria-required="true"
          error={errors.reason?.message}
          hint={t`Required, up to ${max} characters. Say what to change before the course can be approved.`}
          {...reason}
          ref={(element) => {
            reason.ref(element);
            field.current = element;
          }}
        />
        {/* Seen only: the field's description says the limit once, and the browser stops at it. Written
            left to right in Arabic too ("12 / 1000"), as the table's counts are. */}
        <p
          aria-hidden="true"
          dir="ltr"
          className="self-end text-xs text-muted tabular-nums"
          data-testid="note-count"
        >
          {count} / {max}
        </p>
        <ModalFooter>
          <Button variant="secondary" onClick={() => !busy && close(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            <Trans>Send back to the author</Trans>
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

/** What the rejection does, naming the course (its row may be scrolled out of sight on a phone). */
function Consequence({ course }: { course: CourseSummary }) {
  const name = <CourseName course={course} />;
  return (
    <Trans>
      {name} goes back to its author as Rejected. They are e-mailed your note and see it on the course, and
      can edit it and submit it again.
    </Trans>
  );
}
