import type { ReactNode } from 'react';
import { FiAlertCircle, FiCheckCircle } from 'react-icons/fi';

/** A message about the whole form, announced when it appears. */
export function FormAlert({
  id,
  tone = 'error',
  children,
}: {
  id?: string;
  tone?: 'error' | 'success';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? FiAlertCircle : FiCheckCircle;
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${
        tone === 'error' ? 'border-error/40 bg-red-50 text-error' : 'border-success/40 bg-green-50 text-ink'
      }`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-2">{children}</div>
    </div>
  );
}
