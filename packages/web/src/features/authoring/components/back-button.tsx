import { useLingui } from '@lingui/react/macro';
import { FiArrowLeft } from 'react-icons/fi';

/** The form's back arrow (points the reading direction's way back: flipped in Arabic). */
export function BackButton({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label ?? t`Back`}
      title={label ?? t`Back`}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-gray-100"
    >
      <FiArrowLeft aria-hidden="true" size={22} className="rtl:-scale-x-100" />
    </button>
  );
}
