import { useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiCheckCircle, FiCircle } from 'react-icons/fi';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, endedTheSession } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/toast.ts';
import { useCompleteLesson } from '../../api/course-progress.ts';
import { learnerCourseKey } from '../../api/get-learner-course.ts';

/**
 * Completing video and PDF lessons: automatically (the last PDF page shown, 90 % of a video watched)
 * or with "Mark as done". Each lesson is sent at most once per visit (again after a failure); the
 * server ignores repeats anyway. A 404 means the lesson or the course is no longer there for this
 * learner (the author removed the lesson, an administrator withdrew the course): the course is
 * fetched again, so the viewer shows what is there now instead of a lesson that cannot be done, and
 * `onGone` moves the focus from the button that went with it (decisions 094, 111).
 */
export function useLessonCompletion(
  courseId: string,
  completed: ReadonlySet<string>,
  onGone?: (shownId: string | null) => void,
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mutation = useCompleteLesson(courseId);
  const sent = useRef(new Set<string>());
  const complete = (resourceId: string, how: 'automatic' | 'manual') => {
    if (completed.has(resourceId) || sent.current.has(resourceId)) return;
    sent.current.add(resourceId);
    mutation.mutate(resourceId, {
      onError: (error) => {
        sent.current.delete(resourceId);
        if (endedTheSession(error)) return;
        const gone = error instanceof ApiError && error.status === 404;
        // Failed after its retries. Sent by itself, it was not asked for: the reader is told what did
        // not happen (the server's words would not say, unless the lesson is gone), and "Mark as done"
        // is there to send it again.
        const told = how === 'manual' || gone ? error.message : '';
        notify.error(told || t`Could not mark this lesson as done.`);
        if (gone)
          void queryClient
            .invalidateQueries({ queryKey: learnerCourseKey(courseId), exact: true })
            .then(() => onGone?.(null));
      },
    });
  };
  return { complete, pendingId: mutation.isPending ? mutation.variables : undefined };
}

/**
 * "Mark as done", always there under a video or PDF. Once done it stays a focusable button that says
 * "Completed" (aria-disabled), so keyboard focus is not lost when the state changes. Once done, the way
 * on (`next`: the item that follows, if any) comes after it.
 */
export function LessonDone({
  done,
  pending,
  onMarkDone,
  next,
}: {
  done: boolean;
  pending: boolean;
  onMarkDone: () => void;
  next?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2" aria-live="polite">
      <button
        type="button"
        onClick={done || pending ? undefined : onMarkDone}
        aria-disabled={done || pending || undefined}
        aria-busy={pending || undefined}
        className={`inline-flex min-h-10 items-center gap-2 rounded-md border px-4 py-2 text-sm font-semibold ${
          done
            ? 'cursor-default border-green-700 bg-green-50 text-green-900'
            : 'border-primary-dark bg-white text-primary-darker hover:bg-primary-light'
        }`}
        data-testid="lesson-done"
      >
        {done ? <FiCheckCircle aria-hidden="true" /> : <FiCircle aria-hidden="true" />}
        {done ? <Trans>Completed</Trans> : <Trans>Mark as done</Trans>}
      </button>
      {done ? next : null}
    </div>
  );
}
