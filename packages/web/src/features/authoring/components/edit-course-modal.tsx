import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NavigationType, useBlocker } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentUserQuery } from '../../../lib/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ServerAwayNote, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { courseQuery } from '../api/get-course.ts';
import { BackButton } from './back-button.tsx';
import { LeaveConfirm } from './leave-confirm.tsx';
import { closeTopDialog, dialogOver } from './top-dialog.ts';
import { CourseForm, type CourseFormHandle } from './course-form/course-form.tsx';

export interface EditCourseModalProps {
  /** The course to open; null keeps the modal closed. */
  courseId: string | null;
  onClose: () => void;
}

/**
 * 'Edit Course' in the generic modal, opened from a contributor's card or the admin's "View course".
 * The back arrow, the close button and Escape close it; the form reads the full course (with answers).
 * A press outside closes it only while nothing was changed: the draft would survive (autosave), but
 * a stray click beside a wide form should not take the author out of it (as the question modal).
 *
 * With unsaved changes (a changed field, a chosen photo), closing asks first (decision 199): "Keep
 * editing" keeps the form as it is; "Discard changes" closes it and forgets the kept draft, so the next opening
 * shows the course as saved. The browser's Back does what Escape does in the top-most dialog: it
 * closes a dialog opened over the form (a question, the PDF viewer, this confirmation) and nothing
 * else, asks when the form has unsaved changes, and closes a form without any.
 */
export function EditCourseModal({ courseId, onClose }: EditCourseModalProps) {
  const { t } = useLingui();
  const form = useRef<CourseFormHandle | null>(null);
  // The course the confirmation asks about: a form closed some other way meanwhile (the address moved)
  // does not open on it again.
  const [askingFor, setAskingFor] = useState<string | null>(null);
  const asking = askingFor !== null && askingFor === courseId;
  const setAsking = (next: boolean) => setAskingFor(next ? courseId : null);
  // Set by a close on purpose (a clean close, Discard, a save that ends the form): the history move
  // it makes (Back to the entry before `?edit=`, decision 185) is not asked about again.
  const leaving = useRef(false);
  const marker = useRef<HTMLSpanElement>(null);
  const open = courseId !== null;
  useEffect(() => {
    leaving.current = false;
  }, [courseId]);

  const changed = () => form.current?.changed() ?? false;
  const closeNow = () => {
    leaving.current = true;
    setAsking(false);
    onClose();
  };
  const requestClose = () => {
    if (changed()) setAsking(true);
    else closeNow();
  };
  // Another dialog (a question, the PDF viewer, the confirmation) over this one.
  const covered = () => dialogOver(marker.current?.closest('[role="dialog"]') ?? null);

  // The browser's Back (or Forward) while something would be lost or a dialog lies over the form:
  // held, the address stays, and it acts on the top-most dialog only.
  const blocker = useBlocker(
    ({ historyAction }) =>
      open && historyAction === NavigationType.Pop && !leaving.current && (covered() || changed()),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    // Not `covered()`: the effect reads only what its dependencies name.
    if (dialogOver(marker.current?.closest('[role="dialog"]') ?? null)) closeTopDialog();
    else setAskingFor(courseId);
  }, [blocker, courseId]);

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (!next) requestClose();
        }}
        keepOpenOutside={changed}
        title={t`Edit Course`}
        width="64rem"
        headerStart={<BackButton onClick={requestClose} label={t`Back`} />}
      >
        <span ref={marker} hidden />
        {courseId ? <EditCourseBody courseId={courseId} onClose={closeNow} handleRef={form} /> : null}
      </Modal>
      <LeaveConfirm
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          form.current?.discard();
          closeNow();
        }}
      >
        <Trans>
          Your changes to this course have not been saved. If you discard them, they will not be offered again
          when you open the course, and a course photo you chose, if any, is lost too.
        </Trans>
      </LeaveConfirm>
    </>
  );
}

function EditCourseBody({
  courseId,
  onClose,
  handleRef,
}: {
  courseId: string;
  onClose: () => void;
  handleRef: RefObject<CourseFormHandle | null>;
}) {
  const { t } = useLingui();
  const course = useQuery(courseQuery(courseId));
  const viewer = useQuery(currentUserQuery);
  const courseFailure = useShownFailure(course);
  const viewerFailure = useShownFailure(viewer);

  const error = courseFailure ?? viewerFailure;
  if (error)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-6">
        <p className="font-semibold text-ink">
          <Trans>Fetching data failed</Trans>
        </p>
        {error instanceof ApiError && error.status > 0 && error.status < 500 ? (
          <p className="text-sm text-muted">{error.message}</p>
        ) : null}
        {/* As every failure panel says it (decision 160): the outage watcher reads it again. */}
        <ServerAwayNote error={error} className="text-sm text-muted" />
        <Button
          variant="secondary"
          loading={course.isFetching || viewer.isFetching}
          onClick={() => {
            // Either request may be the one that failed, or both; what did answer is kept.
            if (courseFailure) void course.refetch();
            if (viewerFailure) void viewer.refetch();
          }}
        >
          {t`Try again`}
        </Button>
      </div>
    );
  // Filled from the course as the server has it now, not as this device last fetched it: another
  // editor may have saved it since, and a form filled from the old one would undo their save.
  if (!course.isFetchedAfterMount || !course.isSuccess || !viewer.isSuccess) return <PageSpinner />;
  return (
    <CourseForm
      key={course.data._id}
      course={course.data}
      viewer={viewer.data}
      headingLevel={2}
      onDone={onClose}
      handleRef={handleRef}
    />
  );
}
