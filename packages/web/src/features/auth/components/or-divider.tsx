import { Trans } from '@lingui/react/macro';

export function OrDivider() {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
      <span className="text-sm font-semibold text-muted">
        <Trans>OR</Trans>
      </span>
      <span aria-hidden="true" className="h-px flex-1 bg-gray-300" />
    </div>
  );
}
