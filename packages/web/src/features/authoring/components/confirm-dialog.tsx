import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Modal, ModalFooter } from '../../../components/ui/modal.tsx';
import { Button } from '../../../components/ui/button.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}

/** Asks before something that cannot be undone from the form (archiving a course, removing a section). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} width="28rem">
      <div className="flex flex-col gap-5">
        <div className="text-sm text-ink">{children}</div>
        <ModalFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </ModalFooter>
      </div>
    </Modal>
  );
}
