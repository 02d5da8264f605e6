import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

/**
 * "Leave without saving?" before a course form with unsaved changes goes (decision 199): "Keep editing"
 * (the harmless answer, focused first) or "Discard changes"; `children` says what is lost.
 */
export function LeaveConfirm({
  open,
  onKeep,
  onDiscard,
  children,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onKeep();
      }}
      title={t`Leave without saving?`}
      confirmLabel={t`Discard changes`}
      cancelLabel={t`Keep editing`}
      onConfirm={onDiscard}
    >
      {children}
    </ConfirmDialog>
  );
}
