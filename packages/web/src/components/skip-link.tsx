import { Trans } from '@lingui/react/macro';

/**
 * "Skip to main content": the first control of every page (the root route renders it, decision 201),
 * hidden until the keyboard reaches it, then above the page at its start side, pushing the page down
 * rather than covering the header's controls (axe's target-size check failed on the logo under it).
 * It focuses the page's `<main>` by code: a fragment link would be a history entry of its own in the
 * app. The prerendered landing page, before the app runs, follows it as a plain link (its
 * `<main id="main">` takes the focus).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.querySelector('main');
        if (!main) return;
        event.preventDefault();
        main.tabIndex = -1; // focusable by code, not in the Tab order
        main.focus();
      }}
      className="m-2 inline-block rounded-md bg-white px-4 py-2 font-semibold text-primary-darker not-focus:sr-only"
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
