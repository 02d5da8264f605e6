import { BrandLogo } from '../components/brand-logo.tsx';
import { DashboardPage, HeaderBar } from '../features/layout/components/dashboard-header.tsx';
import { SHELL_PLACEHOLDER } from './prerendered-page.ts';

const marker = { [SHELL_PLACEHOLDER]: '' };

/**
 * What the app shell (app.html) shows until the app has put its first screen up (decision 045): the
 * dashboards' header bar with the logo where their header has it, drawn by the HTML and the
 * stylesheet alone. A phone on a slow network sees the product at once instead of a blank page while
 * the screen's JavaScript (~130 kB) arrives. main.tsx renders over it (never hydrates it); hidden from
 * assistive technology, as it says nothing the screen will not. A screen that takes longer than a
 * second (a slow network, a server waiting for its database to come back) gets a moving bar under
 * the header (`.shell-progress` in styles.css), so the page does not look stuck.
 */
export function ShellPlaceholder() {
  return (
    <DashboardPage {...marker} aria-hidden="true">
      <HeaderBar>
        <span className="shrink-0">
          <BrandLogo subtitle={false} />
        </span>
        <span className="shell-progress" />
      </HeaderBar>
    </DashboardPage>
  );
}
