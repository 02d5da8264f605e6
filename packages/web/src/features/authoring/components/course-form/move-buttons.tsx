import { useLingui } from '@lingui/react/macro';
import { FiArrowDown, FiArrowUp } from 'react-icons/fi';

export interface MoveButtonsProps {
  /** Accessible names, e.g. "Move section 2 up". */
  upLabel: string;
  downLabel: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  /** Identifies the buttons so focus can follow the moved item. */
  moveId: string;
  disabled?: boolean;
}

const buttonClass =
  'inline-flex size-10 items-center justify-center rounded-md border border-gray-300 bg-white text-ink hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40';

/** Keyboard-reachable reordering (no drag and drop needed): up and down along the list. */
export function MoveButtons({
  upLabel,
  downLabel,
  canMoveUp,
  canMoveDown,
  onMoveUp,
  onMoveDown,
  moveId,
  disabled,
}: MoveButtonsProps) {
  const { t } = useLingui();
  return (
    <div className="inline-flex gap-1" role="group" aria-label={t`Reorder`}>
      <button
        type="button"
        className={buttonClass}
        aria-label={upLabel}
        title={upLabel}
        data-move={`${moveId}-up`}
        disabled={disabled || !canMoveUp}
        onClick={onMoveUp}
      >
        <FiArrowUp aria-hidden="true" />
      </button>
      <button
        type="button"
        className={buttonClass}
        aria-label={downLabel}
        title={downLabel}
        data-move={`${moveId}-down`}
        disabled={disabled || !canMoveDown}
        onClick={onMoveDown}
      >
        <FiArrowDown aria-hidden="true" />
      </button>
    </div>
  );
}

/** After a move, keep the keyboard user on the moved item's button (or its twin at the list's end). */
export function focusMoveButton(moveId: string, direction: 'up' | 'down') {
  requestAnimationFrame(() => {
    const wanted = document.querySelector<HTMLButtonElement>(`[data-move="${moveId}-${direction}"]`);
    const twin = document.querySelector<HTMLButtonElement>(
      `[data-move="${moveId}-${direction === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : twin)?.focus();
  });
}
