import { useEffect, useId, useRef, useState, type HTMLAttributes } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { FiArrowLeft, FiList, FiMoreVertical } from 'react-icons/fi';
import { LanguageToggle } from '../../../../components/language-toggle.tsx';
import { StickyHeader } from '../../../../components/sticky-header.tsx';
import { ProgressBar } from '../../../../components/ui/progress-bar.tsx';
import type { LocalizedText } from '../../../../lib/localized.ts';
import { ClampedText } from '../../../../components/ui/clamped-text.tsx';
import { paths } from '../../../../lib/paths.ts';
import { COURSE_CONTENT_ID } from './course-content.tsx';
import { dirOf } from '../../../../lib/localized.ts';

interface ViewerHeaderProps {
  /** The course title; null while the course loads (a grey bar holds its place in the heading). */
  title: LocalizedText | null;
  /** The course progress (undefined while it loads or when it could not be fetched). */
  progress: number | undefined;
  contentOpen: boolean;
  /** Absent while the course loads: there is no content to show yet. */
  onToggleContent?: () => void;
}

/** A grey block of a loading screen's skeleton; it pulses unless the reader asks for less motion. */
export const BONE = 'rounded bg-gray-200 motion-safe:animate-pulse';

/**
 * The header's box. The viewer's loading state and the app shell's placeholder (decision 111) fill
 * the same box, so the header keeps its height and shape when the course arrives.
 */
export function ViewerHeaderBar({ children, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <StickyHeader {...rest}>
      {/* gap-x-2 below 640 px: with gap-x-4 the dots button did not fit beside the title at 320 px. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:gap-x-4 sm:px-6">
        {children}
      </div>
    </StickyHeader>
  );
}

/**
 * Where the course title goes, while it loads: the page's heading already, "Course" to a screen reader
 * as the tab's title says (every state of a page has its heading), grey bars to the eye in the title's
 * flexible width and height, so nothing moves when the title arrives: two lines below 640 px, where a
 * title of more than ~25 characters takes two (decision 168; the header grew by 16 px when it came),
 * one line from 640 px.
 */
export function TitleBone() {
  const { t } = useLingui();
  return (
    <h1 className="min-w-0 flex-1">
      <span className="sr-only">{t`Course`}</span>
      <span aria-hidden="true" className="flex h-14 flex-col justify-around sm:h-7">
        <span className={`block h-5 max-w-80 ${BONE}`} />
        <span className={`block h-5 max-w-52 sm:hidden ${BONE}`} />
      </span>
    </h1>
  );
}

/**
 * The viewer's header (description §2): back to /dashboard, the course title, and a panel with
 * "Your Progress", the "Course Content" button and the language control. Below 1024 px a dots button
 * shows and hides that panel. While the course loads (`title` null) the same header, with a bar for
 * the title (`TitleBone`, the heading "Course") and the content button disabled (decision 111).
 */
export function ViewerHeader({ title, progress, contentOpen, onToggleContent }: ViewerHeaderProps) {
  const { t } = useLingui();
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Escape closes the panel the dots button opened, as it closes the app's other popups (the profile
  // menu), and the focus goes back to that button if it was in the panel. Above 1024 px the panel is
  // always shown and the button is not: nothing to close there.
  useEffect(() => {
    if (!panelOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const button = menuButton.current;
      if (event.key !== 'Escape' || event.defaultPrevented || !button?.getClientRects().length) return;
      setPanelOpen(false);
      if (panel.current?.contains(document.activeElement)) button.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [panelOpen]);
  // The content list closed by a pick (a lesson chosen on a phone, the focus gone to its heading):
  // the panel that opened it goes too, or it stayed in the sticky header over the lesson (a third of
  // a phone's screen). Not when the list was closed from the panel's own button, which has the focus.
  useEffect(() => {
    if (!contentOpen && !panel.current?.contains(document.activeElement)) setPanelOpen(false);
  }, [contentOpen]);
  return (
    <ViewerHeaderBar>
      {/* Both buttons keep the top of the title's row (`self-start`): a title opened to its whole
          length by the dots button does not move that button from under the finger. */}
      <Link
        to={paths.dashboard}
        className="inline-flex size-10 shrink-0 items-center self-start justify-center rounded-full border border-gray-300 text-ink hover:bg-gray-50"
        aria-label={t`Back to dashboard`}
        data-testid="back-button"
      >
        <FiArrowLeft aria-hidden="true" size={20} className="rtl:rotate-180" />
      </Link>
      {title ? (
        // The heading keeps the page's direction; its text takes its own (ClampedText), two lines below
        // 1024 px (touch cannot show the `title`), whole while the dots button's panel is open (the
        // header grows for the panel anyway, and the heading holds the whole text: nothing is said
        // twice to a screen reader), one beside the panel from 1024 px. It keeps 12rem at least, 10rem
        // below 640 px so the dots button stays on its row at 320 px: with large text the panel goes to
        // a line of its own instead (decision 135).
        <h1
          lang={title.lang}
          className="min-w-0 flex-[1_1_10rem] text-lg font-bold text-ink sm:flex-[1_1_12rem] lg:text-xl"
          title={title.text}
        >
          <ClampedText lines={panelOpen ? 'all below lg' : '2 below lg'} dir={dirOf(title.lang)}>
            {title.text}
          </ClampedText>
        </h1>
      ) : (
        <TitleBone />
      )}
      <button
        ref={menuButton}
        type="button"
        onClick={() => setPanelOpen((open) => !open)}
        aria-expanded={panelOpen}
        aria-controls={panelId}
        aria-label={t`Course menu`}
        className="inline-flex size-10 shrink-0 items-center self-start justify-center rounded-full text-ink hover:bg-gray-100 lg:hidden"
        data-testid="viewer-menu-button"
      >
        <FiMoreVertical aria-hidden="true" size={22} />
      </button>
      <div
        ref={panel}
        id={panelId}
        className={`${panelOpen ? 'flex' : 'hidden'} w-full flex-wrap items-center gap-x-5 gap-y-3 border-t border-gray-100 pt-3 lg:flex lg:w-auto lg:border-0 lg:pt-0`}
        data-testid="viewer-header-panel"
      >
        <div className="flex items-center gap-2">
          <span className="text-sm font-semibold whitespace-nowrap text-ink">
            <Trans>Your Progress</Trans>
          </span>
          <ProgressBar value={progress ?? 0} label={t`Your Progress`} size="overall" />
        </div>
        <button
          type="button"
          onClick={onToggleContent}
          disabled={!onToggleContent}
          aria-expanded={contentOpen}
          aria-controls={onToggleContent && COURSE_CONTENT_ID}
          className="inline-flex min-h-10 items-center gap-2 rounded-md border border-primary-dark bg-white px-4 py-2 text-sm font-semibold text-primary-darker hover:bg-primary-light"
        >
          <FiList aria-hidden="true" />
          <Trans>Course Content</Trans>
        </button>
        <LanguageToggle />
      </div>
    </ViewerHeaderBar>
  );
}
