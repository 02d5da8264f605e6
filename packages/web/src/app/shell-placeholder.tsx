import { useLingui } from '@lingui/react/macro';
import { FiArrowLeft } from 'react-icons/fi';
import { BrandLogo } from '../components/brand-logo.tsx';
import { DashboardPage, HeaderBar } from '../features/layout/components/dashboard-header.tsx';
import { BONE, TitleBone, ViewerHeaderBar } from '../features/learner/components/viewer/viewer-header.tsx';
import { ViewerSkeleton } from '../features/learner/components/viewer/viewer-skeleton.tsx';
import { SHELL_PLACEHOLDER } from './prerendered-page.ts';

const marker = { [SHELL_PLACEHOLDER]: '' };

/**
 * What the app shell (app-header.html) shows until the app has put its first screen up (decision
 * 045): the dashboards' header bar with the logo where their header has it, drawn by the HTML and the
 * stylesheet alone. A phone on a slow network sees the product at once instead of a blank page while
 * the screen's JavaScript (~130 kB) arrives. main.tsx renders over it (never hydrates it). The bar is
 * hidden from assistive technology, as it says nothing the screen will not; a status says the page is
 * loading, so a screen reader on a slow network does not meet an empty page for seconds. A screen
 * that takes longer than a second (a slow network, a server waiting for its database to come back)
 * gets a moving bar under the header (`.shell-progress` in styles.css), so the page does not look stuck.
 */
export function ShellPlaceholder() {
  const { t } = useLingui();
  return (
    <DashboardPage {...marker}>
      <HeaderBar aria-hidden="true">
        <span className="shrink-0">
          <BrandLogo subtitle={false} markOnlyBelow360 />
        </span>
        <span className="shell-progress" />
      </HeaderBar>
      <p role="status" className="sr-only">
        {t`Loading…`}
      </p>
    </DashboardPage>
  );
}

/**
 * The course viewer's shell (app-course.html, decisions 111, 118): the viewer opens with a header of
 * its own, so its address gets its own placeholder from the server — the viewer's header with its
 * back button and grey bars where the title and the controls go, over the viewer's loading skeleton,
 * announced as loading under the page's heading (so not hidden from assistive technology).
 */
export function CourseShellPlaceholder() {
  return (
    <DashboardPage {...marker}>
      <ViewerHeaderPlaceholder />
      <ViewerSkeleton />
    </DashboardPage>
  );
}

/**
 * The viewer's header (viewer-header.tsx) as the course will fill it, drawn without the app: the back
 * button's circle and arrow, grey bars for the title, and from 1024 px for the progress, the content
 * button and the language control; below, the place of the menu button. Only the title's place is
 * read, as the page's heading ("Course", as the loading viewer's); the rest are places of controls.
 */
function ViewerHeaderPlaceholder() {
  return (
    <ViewerHeaderBar>
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center self-start justify-center rounded-full border border-gray-300 text-ink"
      >
        <FiArrowLeft size={20} className="rtl:rotate-180" />
      </span>
      <TitleBone />
      <span aria-hidden="true" className="size-10 shrink-0 self-start lg:hidden" />
      <span aria-hidden="true" className="hidden items-center gap-x-5 lg:flex">
        <span className={`h-9 w-60 ${BONE}`} />
        <span className={`h-10 w-40 ${BONE}`} />
        <span className={`h-10 w-28 ${BONE}`} />
      </span>
      <span aria-hidden="true" className="shell-progress" />
    </ViewerHeaderBar>
  );
}
