import { useEffect, useId, type RefObject } from 'react';
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
  /** Given the banner, for the form to show it again (`showOffer`) when a save is pressed meanwhile. */
  ref?: RefObject<HTMLElement | null>;
}

/**
 * Brings the offer into sight, with the form's beginning above it when both fit, and gives it the
 * focus: the form was opened (a reload keeps the page scrolled where it was, at the bottom of a long
 * form on a phone) or a save was pressed while the form, locked and empty, waits for the author's
 * answer. The banner itself takes the focus, not Restore: it is read with what it says (when the
 * changes were made, a newer saved version they would replace), and Tab goes on to Restore.
 */
export function showOffer(banner: HTMLElement) {
  if (!inSight(banner)) {
    banner.closest('form')?.scrollIntoView({ block: 'start' });
    banner.scrollIntoView({ block: 'nearest' });
  }
  banner.focus({ preventScroll: true });
}

/**
 * Whether the banner is wholly in the window and drawn there: its first and last rows are what a hit
 * test finds (not the sticky header, nor scrolled out of the modal's box). What is in sight stays put.
 */
function inSight(banner: HTMLElement): boolean {
  const { top, bottom, left, right } = banner.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) return false;
  const x = (Math.max(left, 0) + Math.min(right, window.innerWidth)) / 2;
  return [top + 1, bottom - 1].every((y) => banner.contains(document.elementFromPoint(x, y)));
}

/**
 * How long after the form opens a scroll not made by the reader is undone: the restored scroll comes a
 * render or two after the form (~100 ms seen); any later one is the reader's, keys or not.
 */
const RESTORED_SCROLL_WAIT_MS = 1_000;
/** What the reader does that ends that wait: what they scroll to from then on is theirs. */
const ACTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Keeps the offer in sight against the scroll position a reload restores, which comes after the form
 * has appeared (the router's `ScrollRestoration`, a render later, or the browser's own): the first
 * scroll that takes the offer out of the window shows it again, once; before that, the reader acting
 * (a key, a press, a wheel) or a second ends the watch. Once only: a screen reader's browse mode
 * scrolls with no key reaching the page, and a banner taller than the window is never wholly in it,
 * so undoing every such scroll would hold the reader at the banner (a reviewer).
 */
function keepOfferInSight(banner: HTMLElement): () => void {
  const onScroll = () => {
    if (inSight(banner)) return;
    stop();
    showOffer(banner);
  };
  const stop = () => {
    clearTimeout(timer);
    removeEventListener('scroll', onScroll, true);
    for (const type of ACTS) removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, RESTORED_SCROLL_WAIT_MS);
  addEventListener('scroll', onScroll, true);
  for (const type of ACTS) addEventListener(type, stop, true);
  return stop;
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
  ref,
}: RestoreBannerProps) {
  const { t } = useLingui();
  const ids = useId();
  const bannerRef = useFocusMovesWhenGone<HTMLElement>(focusAfter);
  // Shown as the form opens with it (decision 183: the app draws this form itself, it is never a
  // prerendered page adopted, so it takes the focus at once). What had the focus was not the reader's
  // choice in this form: the page after a reload or a link, or the edit modal's Close button, where the
  // modal put it while the course loaded.
  useEffect(() => {
    const node = bannerRef.current;
    if (!node) return undefined;
    showOffer(node);
    return keepOfferInSight(node);
  }, [bannerRef]);
  const language = useLanguage();
  const dateTime = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'long', timeStyle: 'short' });
  // The time and its "am"/"pm" stay on one line: Arabic's "1:46 ص" is joined by a plain space, and a
  // phone broke it between the two (English's own is already a no-break space).
  const format = (time: number) =>
    Number.isNaN(time)
      ? ''
      : dateTime
          .formatToParts(time)
          .map((part, at, parts) =>
            part.value === ' ' && parts[at + 1]?.type === 'dayPeriod' ? '\u00a0' : part.value,
          )
          .join('');
  const whenText = format(timeOf(savedAt));
  const changedWhen = format(timeOf(courseChangedAt));
  return (
    <section
      ref={(node) => {
        bannerRef.current = node;
        if (ref) ref.current = node;
      }}
      tabIndex={-1}
      aria-label={t`Unsaved changes`}
      aria-describedby={`${ids}-question ${ids}-text${changedWhen ? ` ${ids}-older` : ''}`}
      className="flex flex-col gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-ink"
      data-testid="restore-draft"
    >
      <p id={`${ids}-question`} className="flex items-center gap-2 font-semibold">
        <FiRotateCcw aria-hidden="true" />
        <Trans>Restore unsaved changes?</Trans>
      </p>
      <p id={`${ids}-text`} className="text-sm">
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
        <p id={`${ids}-older`} className="text-sm font-semibold" data-testid="restore-draft-older">
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
