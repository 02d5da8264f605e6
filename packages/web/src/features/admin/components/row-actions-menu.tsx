import { useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Trans, useLingui } from '@lingui/react/macro';
import { FiMoreVertical } from 'react-icons/fi';
import type { CourseSummary } from '@app/shared';
import { endedTheSession } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { isolateText } from '../../../lib/use-document-title.ts';
import { nextTabbable } from '../../../lib/tab-order.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CourseName } from '../../../components/course-name.tsx';
import { useCourseAction, useRejectCourse } from '../api/run-course-action.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { actionsFor, asksFirst, type RowAction, type RowActionId } from './row-actions.ts';

export interface RowActionsMenuProps {
  course: CourseSummary;
  /** Accessible name of the course, in the reader's language. */
  title: string;
  onViewCourse: (courseId: string) => void;
  /**
   * The row is leaving the table (the refreshed page no longer has its course) while its button has
   * the focus, which the browser would drop to the page.
   */
  onRemovedWithFocus?: (courseId: string) => void;
}

/** A row's action menu (Radix: arrow keys, Enter, Escape, focus back to the button). */
export function RowActionsMenu({ course, title, onViewCourse, onRemovedWithFocus }: RowActionsMenuProps) {
  const { t } = useLingui();
  const mutation = useCourseAction();
  const rejection = useRejectCourse();
  const busy = mutation.isPending || rejection.isPending;
  // The menu gives focus back to this button as it closes, which is while the action runs: a disabled
  // button cannot take it and the browser dropped it to the page. The button stays focusable, says it
  // is unavailable (aria-disabled) and does not open until the action is over.
  const [open, setOpen] = useState(false);
  /**
   * Whether the menu is open now, for its closing content's last word: reopened by Enter right after
   * Escape, the closed content's focus return to the button came after the new menu had taken the
   * focus, and this menu (not modal) closed at once (6 times in 40 in Chromium; the e2e's flake).
   */
  const openNow = useRef(false);
  const openChange = (next: boolean) => {
    openNow.current = next && !busy;
    setOpen(openNow.current);
  };

  const trigger = useRef<HTMLButtonElement>(null);
  /** Tab (not Shift+Tab) closed the menu: the focus goes on past the button, not back to it. */
  const tabbedOn = useRef(false);
  const removed = useRef(onRemovedWithFocus);
  useLayoutEffect(() => {
    removed.current = onRemovedWithFocus;
  });
  useLayoutEffect(() => {
    const button = trigger.current;
    const courseId = course._id;
    // A layout effect's clean-up runs before its row leaves the document, while the focus is still here.
    return () => {
      if (button && document.activeElement === button) removed.current?.(courseId);
    };
  }, [course._id]);
  /**
   * The action waiting for the administrator's answer (archive, revoke: decision 198): it takes the
   * course from its learners, so a slip of the finger on a phone must not run it.
   */
  const [asking, setAsking] = useState<RowAction | null>(null);
  /** "Reject with a note…" is open (decision 206). */
  const [rejecting, setRejecting] = useState(false);
  /**
   * Opens a dialog from the menu: once the menu has closed (its item, which had the focus, is gone and
   * the focus fell to the page), the button takes the focus before the dialog opens, and the dialog
   * gives it back, as it closes (Cancel, Escape), to what had it as it opened.
   */
  const focusThenOpen = (openDialog: () => void) =>
    setTimeout(() => {
      trigger.current?.focus();
      openDialog();
    }, 0);

  const run = ({ action, to }: RowAction, confirmed: boolean) => {
    if (!action) return;
    // The confirmation closes before anything is said or the row leaves the page (the refreshed list is
    // in but not yet drawn): the focus is back on the row's button, so a row that leaves with it hands
    // it on as for a one-tap action (onRemovedWithFocus), and the toast is not drawn in a closing dialog.
    const answered = () => {
      if (!confirmed) return;
      flushSync(() => setAsking(null));
      trigger.current?.focus();
    };
    mutation.mutate(
      { action, courseId: course._id, to },
      {
        // Which course, too: the row may have left the page (approved under the Pending
        // filter), another in its place (a reviewer on a phone).
        onSuccess: ({ message }) => {
          answered();
          const course = isolateText(title);
          notify.success(t`${message}: ${course}`);
        },
        onError: (error) => {
          answered();
          if (endedTheSession(error)) return;
          notify.error(t`Request failed`);
        },
      },
    );
  };

  const labels: Record<RowActionId, string> = {
    view: t`View course`,
    archive: t`Archive course`,
    unarchive: t`Un-archive`,
    approve: t`Approve course`,
    reject: t`Reject with a note…`,
    revoke: t`Revoke approval`,
    makeUnavailable: t`Make unavailable`,
    makeAvailable: t`Make available`,
    disableEditing: t`Disable editing`,
    enableEditing: t`Enable editing`,
  };

  // Not modal (decision 155): a modal menu traps the focus, so F8 could not reach a toast while it was
  // open; this one closes when the focus leaves it, and the toast gives the focus back to its button.
  return (
    <>
      <DropdownMenu.Root modal={false} open={open} onOpenChange={openChange}>
        <DropdownMenu.Trigger
          ref={trigger}
          className="inline-flex size-10 items-center justify-center rounded-md border border-gray-300 bg-white text-ink hover:bg-gray-100 aria-disabled:cursor-wait"
          aria-label={t`Actions for ${title}`}
          aria-disabled={busy || undefined}
          data-row-actions=""
          data-testid="row-actions"
        >
          {busy ? <Spinner size={18} label={t`Working…`} /> : <FiMoreVertical aria-hidden="true" />}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-48 overflow-y-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg"
            // Radix keeps Tab inside the menu, where it did nothing. The menu button pattern (WAI-ARIA APG)
            // closes the menu and goes on as if the menu sat just after its button (decision 165):
            // Shift+Tab lands on the button (Radix's return), Tab on what follows it.
            onKeyDown={(event) => {
              if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey) return;
              event.preventDefault();
              tabbedOn.current = !event.shiftKey;
              openChange(false);
            }}
            onCloseAutoFocus={(event) => {
              if (openNow.current) {
                // Open again already: the focus is in the new menu, and stays there.
                event.preventDefault();
                return;
              }
              const next = tabbedOn.current && trigger.current && nextTabbable(trigger.current);
              tabbedOn.current = false;
              if (!next) return;
              event.preventDefault();
              next.focus();
            }}
          >
            {/* Which course the menu acts on, at its top: on a phone the table has scrolled sideways to
              the Actions column, and the row's title is out of sight (a reviewer). Seen only: the menu
              is named after its button, "Actions for <title>", already. Isolated in its language and
              direction (an English fallback on the Arabic board is drawn as English), but in the label's
              grey, not a sentence's dark text: a caption that sets it off from the items. */}
            <DropdownMenu.Label
              aria-hidden="true"
              className="mb-1 line-clamp-2 max-w-64 border-b border-gray-200 px-3 pt-1 pb-2 text-xs font-semibold text-muted"
            >
              <CourseName course={course} className="" />
            </DropdownMenu.Label>
            {actionsFor(course).map(({ id, action, to }) => (
              <DropdownMenu.Item
                key={id}
                className="flex min-h-10 cursor-pointer items-center rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-primary-light"
                onSelect={() => {
                  if (id === 'reject') focusThenOpen(() => setRejecting(true));
                  else if (!action) focusThenOpen(() => onViewCourse(course._id));
                  else if (asksFirst(id)) focusThenOpen(() => setAsking({ id, action, to }));
                  else run({ id, action, to }, false);
                }}
              >
                {labels[id]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={asking !== null}
        // Nothing to cancel once the server has been asked: the dialog waits for its answer.
        onOpenChange={(next) => {
          if (!next && !busy) setAsking(null);
        }}
        title={asking?.id === 'revoke' ? t`Revoke this course’s approval?` : t`Archive this course?`}
        confirmLabel={labels[asking?.id ?? 'archive']}
        busy={busy}
        onConfirm={() => {
          if (asking && !busy) run(asking, true);
        }}
      >
        {asking ? <Consequences course={course} revoke={asking.id === 'revoke'} /> : null}
      </ConfirmDialog>
      <RejectDialog
        open={rejecting}
        course={course}
        title={title}
        rejection={rejection}
        onClose={(answered) => {
          setRejecting(false);
          // Answered: the focus is back on the row's button before the toast, as after a confirmation.
          if (answered) trigger.current?.focus();
        }}
      />
    </>
  );
}

/**
 * What archiving or revoking does to the course and its learners, naming it (the menu's row may be
 * scrolled out of sight on a phone), as the server does it: both take an approved course out of the
 * catalogue and from its enrolled learners, whose enrolments and progress are kept; un-archiving brings
 * back a draft as a draft and any other course for review.
 */
function Consequences({ course, revoke }: { course: CourseSummary; revoke: boolean }) {
  const name = <CourseName course={course} />;
  if (revoke)
    return (
      <Trans>
        {name} goes back to Pending: it leaves the catalogue, and the learners enrolled in it cannot open it
        until it is approved again. Their enrolments and progress are kept.
      </Trans>
    );
  if (course.status === 'Approved')
    return (
      <Trans>
        {name} leaves the catalogue and its contributor’s list, and the learners enrolled in it can no longer
        open it. Un-archive (status filter: Archived) brings it back for review; they get it back, with their
        progress, once it is approved again.
      </Trans>
    );
  if (course.status === 'Draft')
    return (
      <Trans>
        {name} leaves its contributor’s list. Un-archive (status filter: Archived) brings it back as a draft.
      </Trans>
    );
  return (
    <Trans>
      {name} leaves its contributor’s list. Un-archive (status filter: Archived) brings it back for review.
    </Trans>
  );
}
