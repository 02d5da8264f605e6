import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * What a browser does on a page load, done when the app goes to another page (decision 201); not on
 * the first page, which the browser loaded itself, nor when only the address's query changes (a
 * search, a list's page: decision 129).
 *
 * - Tab starts again from the document's start, at the skip link: the browser would go on from where
 *   the control just pressed was, in the page that went. Only when the focus fell to the page: one
 *   the page placed itself (decisions 167, 183), or Back's (decision 139, after this), is kept.
 * - The new page's title, as the tab says it, is said a moment later, once the page has set it and
 *   the screen reader is done with the press; a page still loading (its `<main>` marked busy, as the
 *   viewer's skeleton is, which says "Loading the course…" itself) once it has loaded, so that its
 *   title is the course's, not the placeholder's.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const region = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const body = document.body;
    if (document.activeElement === body || !document.activeElement) {
      body.tabIndex = -1;
      body.focus({ preventScroll: true });
      body.removeAttribute('tabindex');
    }
    let timer: ReturnType<typeof setTimeout>;
    const say = () => {
      if (document.querySelector('main[aria-busy="true"]')) timer = setTimeout(say, 100);
      else region.current!.textContent = document.title;
    };
    timer = setTimeout(say, 100);
    return () => clearTimeout(timer);
  }, [pathname]);
  // A live region without the status role: a page's own status (a loading message) stays the one.
  return <p ref={region} aria-live="polite" aria-atomic="true" className="sr-only" />;
}
