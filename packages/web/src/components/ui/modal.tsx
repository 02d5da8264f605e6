import { useRef, type ReactNode, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import { FiX } from 'react-icons/fi';
import { TOASTER_CLASS } from '../../lib/toast.ts';
import { holdToasts } from '../toast-host.ts';
import { focusPageHeading } from '../../lib/focus-page-heading.ts';
import { keepFocusInView } from '../../lib/keep-focus-in-view.ts';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visually hide the title (it is still announced). */
  hideTitle?: boolean;
  description?: ReactNode;
  /** Optional maximum width, e.g. '40rem' (description §2 "optional width"). */
  width?: string;
  /** Optional control before the title in the header (e.g. a back arrow that also closes). */
  headerStart?: ReactNode;
  /**
   * Asked on a press (or focus) outside the modal: while it answers true (a form in it holds unsaved
   * changes) the modal stays open; Escape, Close and the form's own buttons still close it.
   */
  keepOpenOutside?: () => boolean;
  /**
   * 'alertdialog' for a confirmation of something destructive (WAI-ARIA APG alert dialog): read out at
   * once, with its `description` as the message, and closed only by an answer (a press outside it does
   * nothing). Default 'dialog'.
   */
  role?: 'dialog' | 'alertdialog';
  /**
   * The control focused when the modal opens (an alert dialog's least destructive action, Cancel);
   * by default the first one, the Close button.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/** The content's ref: while the modal is open, Tab never leaves the focus out of sight. */
const keepFocusShown = (content: HTMLElement | null) => (content ? keepFocusInView(content) : undefined);

/**
 * The generic modal: focus is trapped inside and kept in sight (lib/keep-focus-in-view.ts), Escape and
 * the close button close it (Radix Dialog), and focus returns to the control that had it when the modal
 * opened. Radix returns it only to a `Dialog.Trigger`, which these modals (opened from state) have none
 * of: it fell to the page.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  width = '36rem',
  headerStart,
  keepOpenOutside,
  role = 'dialog',
  initialFocus,
  children,
}: ModalProps) {
  const { t } = useLingui();
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* One stacking context per modal: a modal opened from another (a question from the course
            form) covers it, overlay included, instead of its overlay sliding under the first one's
            content (both had the same z-index). */}
        <div className="relative z-50">
          <Dialog.Overlay className="fixed inset-0 bg-black/50" />
          <Dialog.Content
            ref={keepFocusShown}
            role={role}
            onInteractOutside={(event) => {
              // A press on a toast is a press inside: the toaster is drawn in the top modal (decision 152).
              // An alert dialog waits for an answer (decision 182): a press beside it is not a Cancel.
              if (role === 'alertdialog' || keepOpenOutside?.()) event.preventDefault();
            }}
            // Escape in a toast (drawn in the top modal, decision 152) closes the toast, not the modal:
            // Radix hears the key first (a capturing listener), the toast's own handler after.
            onEscapeKeyDown={(event) => {
              if (event.target instanceof Element && event.target.closest(`.${TOASTER_CLASS}`))
                event.preventDefault();
            }}
            // Runs before focus moves in: what has it now opened the modal.
            onOpenAutoFocus={(event) => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              if (!initialFocus?.current) return;
              event.preventDefault();
              initialFocus.current.focus();
            }}
            onCloseAutoFocus={(event) => {
              // A control gone meanwhile (its item deleted): the page's heading, where the screen goes on.
              event.preventDefault();
              if (opener.current?.isConnected) opener.current.focus();
              else focusPageHeading();
              opener.current = null;
            }}
            // Sized to its content, up to the window's height (a short confirmation is not a full-height sheet).
            // The transparent border is the panel's edge in forced colours, which drop its background.
            // In a short window the whole panel scrolls, header included, under the actions that stay
            // (ModalFooter): a fixed header and footer left ~70 px of fields at 320 × 256. scroll-pt: the
            // header's control that Tab reaches by going round from the end shows its focus ring whole.
            className="fixed inset-x-2 top-4 mx-auto flex max-h-[calc(100dvh-2rem)] flex-col overflow-hidden rounded-lg border border-transparent bg-white shadow-xl short:top-2 short:max-h-[calc(100dvh-1rem)] short:scroll-pt-3 short:scroll-pb-20 short:overflow-y-auto sm:inset-x-6 sm:top-10 sm:max-h-[85vh] sm:short:top-2 sm:short:max-h-[calc(100dvh-1rem)]"
            style={{ maxWidth: width }}
          >
            <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-3">
              {/* gap-3: the focus ring of a control before the title (3 px, offset 2) clears the title. */}
              <div className="flex min-w-0 items-center gap-3">
                {headerStart}
                <Dialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-ink'}>
                  {title}
                </Dialog.Title>
              </div>
              <Dialog.Close
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-muted hover:bg-gray-100 hover:text-ink"
                aria-label={t`Close`}
              >
                <FiX aria-hidden="true" size={20} />
              </Dialog.Close>
            </div>
            {description ? (
              <Dialog.Description className="px-5 pt-3 text-sm text-muted">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
            {/* scroll-pb: a field reached by Tab is scrolled above the sticky actions, not under them.
                relative: what is positioned in it (the file picker's hidden input) scrolls with it; with
                the panel as its containing block, focusing it scrolled the panel, header and all. */}
            <div className="relative min-h-0 scroll-pb-20 overflow-y-auto px-5 pt-4 pb-4 has-[[data-modal-footer]]:pb-0 short:shrink-0 short:overflow-visible">
              {children}
            </div>
            {/* The toasts while this is the top modal: inside its focus trap (decision 152). */}
            <div ref={holdToasts} />
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The modal's action row (Cancel, Add…): it sticks to the bottom of the modal while the body
 * scrolls, so the actions are always on screen whatever the window's height.
 */
export function ModalFooter({ children }: { children: ReactNode }) {
  return (
    <div
      data-modal-footer=""
      className="sticky bottom-0 -mx-5 mt-1 flex flex-wrap justify-end gap-3 border-t border-gray-200 bg-white px-5 py-3"
    >
      {children}
    </div>
  );
}
