import { Trans, useLingui } from '@lingui/react/macro';
import { FiRotateCcw } from 'react-icons/fi';
import { INTL_LOCALES } from '@app/shared';
import { Button } from '../../../../components/ui/button.tsx';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { useFocusMovesWhenGone } from '../../../../lib/focus-page-heading.ts';

export interface RestoreBannerProps {
  savedAt: string;
  /** When the saved course last changed, given only when that was after these changes were made. */
  courseChangedAt?: string;
  /** A course photo had been chosen: a file cannot be kept in browser storage. */
  mentionCover: boolean;
  onRestore: () => void;
  onDiscard: () => void;
  /**
   * Where the focus goes when Restore or Discard takes the banner away with the focused button (the
   * form's first field: the author goes on editing there); it fell to the page.
   */
  focusAfter: () => void;
}

const timeOf = (iso: string | undefined) => (iso ? new Date(iso).getTime() : Number.NaN);

/**
 * "Restore unsaved changes?" — offered when the form opens and a different autosaved copy exists. When
 * the saved course changed after the copy was kept (edited on another device, or by a review action),
 * it says so: restoring and saving would replace that newer version.
 */
export function RestoreBanner({
  savedAt,
  courseChangedAt,
  mentionCover,
  onRestore,
  onDiscard,
  focusAfter,
}: RestoreBannerProps) {
  const { t } = useLingui();
  const banner = useFocusMovesWhenGone<HTMLElement>(focusAfter);
  const language = useLanguage();
  const dateTime = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeStyle: 'short' });
  const format = (time: number) => (Number.isNaN(time) ? '' : dateTime.format(time));
  const whenText = format(timeOf(savedAt));
  const changedWhen = format(timeOf(courseChangedAt));
  return (
    <section
      ref={banner}
      aria-label={t`Unsaved changes`}
      className="flex flex-col gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-ink"
      data-testid="restore-draft"
    >
      <p className="flex items-center gap-2 font-semibold">
        <FiRotateCcw aria-hidden="true" />
        <Trans>Restore unsaved changes?</Trans>
      </p>
      <p className="text-sm">
        {whenText ? (
          <Trans>
            This form has changes from {whenText} that were not saved. They are kept on this device.
          </Trans>
        ) : (
          <Trans>This form has changes that were not saved. They are kept on this device.</Trans>
        )}{' '}
        {mentionCover ? (
          <Trans>A chosen course photo cannot be kept: choose it again after restoring.</Trans>
        ) : null}{' '}
        <Trans>Restore or discard them to go on editing.</Trans>
      </p>
      {changedWhen ? (
        <p className="text-sm font-semibold" data-testid="restore-draft-older">
          <Trans>
            The saved course changed on {changedWhen}, after these changes were made. Restoring them and
            saving replaces that version.
          </Trans>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRestore}>
          <Trans>Restore</Trans>
        </Button>
        <Button variant="secondary" onClick={onDiscard}>
          <Trans>Discard</Trans>
        </Button>
      </div>
    </section>
  );
}
