import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLingui } from '@lingui/react/macro';
import { FiMoreVertical } from 'react-icons/fi';
import type { CourseSummary } from '@app/shared';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCourseAction } from '../api/run-course-action.ts';
import { actionsFor, type RowActionId } from './row-actions.ts';

export interface RowActionsMenuProps {
  course: CourseSummary;
  /** Accessible name of the course, in the reader's language. */
  title: string;
  onViewCourse: (courseId: string) => void;
}

/** A row's action menu (Radix: arrow keys, Enter, Escape, focus back to the button). */
export function RowActionsMenu({ course, title, onViewCourse }: RowActionsMenuProps) {
  const { t } = useLingui();
  const mutation = useCourseAction();
  const labels: Record<RowActionId, string> = {
    view: t`View course`,
    archive: t`Archive course`,
    unarchive: t`Un-archive`,
    approve: t`Approve course`,
    revoke: t`Revoke approval`,
    makeUnavailable: t`Make unavailable`,
    makeAvailable: t`Make available`,
    disableEditing: t`Disable editing`,
    enableEditing: t`Enable editing`,
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-10 items-center justify-center rounded-md border border-gray-300 bg-white text-ink hover:bg-gray-100 disabled:cursor-wait"
        aria-label={t`Actions for ${title}`}
        disabled={mutation.isPending}
        data-testid="row-actions"
      >
        {mutation.isPending ? (
          <Spinner size={18} label={t`Working…`} />
        ) : (
          <FiMoreVertical aria-hidden="true" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          {actionsFor(course).map(({ id, action }) => (
            <DropdownMenu.Item
              key={id}
              className="cursor-pointer rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-primary-light"
              onSelect={() => {
                if (!action) {
                  // Let the menu close and hand focus back before the dialog takes it.
                  setTimeout(() => onViewCourse(course._id), 0);
                  return;
                }
                mutation.mutate(
                  { action, courseId: course._id },
                  {
                    onSuccess: (response) => notify.success(response.message),
                    onError: (error) => {
                      if (error instanceof ApiError && error.status === 401) return;
                      notify.error(t`Request failed`);
                    },
                  },
                );
              }}
            >
              {labels[id]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
