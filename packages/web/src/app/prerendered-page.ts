import { sessionStore } from '../lib/browser-storage.ts';

/** Marks the app shell's placeholder (decision 045): painted from the HTML, never hydrated. */
export const SHELL_PLACEHOLDER = 'data-shell-placeholder';

/**
 * Marks what a prerendered page shows only while this tab's sessionStorage has no item of the name
 * it holds (decision 176): the server cannot see the tab's storage, so with the item there the page
 * it sent is not the page (/resetpassword's "Request a reset code first." with a request pending).
 */
export const SHOWN_WITHOUT_STORED = 'data-shown-without-stored';

/**
 * Whether the page in the document is a prerendered page in `language` for this very address: a
 * query changes what a public page shows (decision 034), another language is another page, the
 * shell's placeholder is no page at all, and a page drawn for a tab without an item this one stores
 * is another page too. Kept free of the router so the early module (decision 053)
 * can ask it too; the router adds what only it knows (app/router.tsx `canHydrate`).
 */
export function prerenderedPageFits(language: string): boolean {
  const root = document.getElementById('root');
  const page = root?.firstElementChild;
  return (
    !!page &&
    !page.hasAttribute(SHELL_PLACEHOLDER) &&
    document.documentElement.lang === language &&
    !window.location.search &&
    // In the whole of #root: the page's first element is the root route's skip link (decision 201).
    !storedHere(root.querySelector(`[${SHOWN_WITHOUT_STORED}]`)?.getAttribute(SHOWN_WITHOUT_STORED))
  );
}

const storedHere = (item: string | null | undefined) => !!item && sessionStore.getItem(item) !== null;
