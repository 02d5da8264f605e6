/** What can take the focus by Tab: the browser's own list, less what is disabled, hidden or inert. */
const CANDIDATES = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';

function tabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || (element as HTMLButtonElement).disabled) return false;
  if (element.closest('[hidden], [inert], [aria-hidden="true"], fieldset:disabled')) return false;
  return !(element instanceof HTMLInputElement && element.type === 'hidden');
}

/**
 * The element Tab reaches after `from` in the document (positive tabindex aside: the app has none),
 * for a widget that keeps Tab to itself and lets it go on as if the focus had been on `from`.
 */
export function nextTabbable(from: Element): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(CANDIDATES)) {
    if (from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING && !from.contains(element))
      if (tabbable(element)) return element;
  }
  return null;
}
