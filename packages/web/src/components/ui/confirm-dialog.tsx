import { useRef, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Modal, ModalFooter } from './modal.tsx';
import { Button } from './button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The harmless answer's words, where "Cancel" would not say what it keeps ("Keep editing"). */
  cancelLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
}

/**
 * Asks before something that cannot be undone on the spot (archiving a course, removing a section):
 * an alert dialog (WAI-ARIA APG), read out with its message, whose first focus is the harmless Cancel,
 * so that an Enter pressed on the way does not delete.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={children}
      role="alertdialog"
      initialFocus={cancel}
      width="28rem"
    >
      <ModalFooter>
        <Button ref={cancel} variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel ?? <Trans>Cancel</Trans>}
        </Button>
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
