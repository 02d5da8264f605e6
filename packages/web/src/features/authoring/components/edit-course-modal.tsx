import { useRef, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentUserQuery } from '../../../lib/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ServerAwayNote, useShownFailure } from '../../../components/ui/error-panel.tsx';
import { courseQuery } from '../api/get-course.ts';
import { BackButton } from './back-button.tsx';
import { CourseForm } from './course-form/course-form.tsx';

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
 */
export function EditCourseModal({ courseId, onClose }: EditCourseModalProps) {
  const { t } = useLingui();
  const changed = useRef<(() => boolean) | null>(null);
  return (
    <Modal
      open={courseId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      keepOpenOutside={() => changed.current?.() ?? false}
      title={t`Edit Course`}
      width="64rem"
      headerStart={<BackButton onClick={onClose} label={t`Back`} />}
    >
      {courseId ? <EditCourseBody courseId={courseId} onClose={onClose} changedRef={changed} /> : null}
    </Modal>
  );
}

function EditCourseBody({
  courseId,
  onClose,
  changedRef,
}: {
  courseId: string;
  onClose: () => void;
  changedRef: RefObject<(() => boolean) | null>;
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
      changedRef={changedRef}
    />
  );
}
