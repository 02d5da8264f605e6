/** Marks the app shell's placeholder (decision 045): painted from the HTML, never hydrated. */
export const SHELL_PLACEHOLDER = 'data-shell-placeholder';

/**
 * Whether the page in the document is a prerendered page in `language` for this very address: a
 * query changes what a public page shows (decision 034), another language is another page, and the
 * shell's placeholder is no page at all. Kept free of the router so the early module (decision 053)
 * can ask it too; the router adds what only it knows (app/router.tsx `canHydrate`).
 */
export function prerenderedPageFits(language: string): boolean {
  const page = document.getElementById('root')?.firstElementChild;
  return (
    !!page &&
    !page.hasAttribute(SHELL_PLACEHOLDER) &&
    document.documentElement.lang === language &&
    !window.location.search
  );
}
