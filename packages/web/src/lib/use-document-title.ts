import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';

/** The prerender's record of the page title (effects do not run there); unused in the browser. */
export const serverHead = { title: '' };

/** Names the browser tab after the page (WCAG 2.4.2), e.g. "Log In · Open Science Courses". */
export function useDocumentTitle(title: string | null | undefined) {
  const { t } = useLingui();
  const site = t`Open Science Courses`;
  const full = title ? `${title} · ${site}` : site;
  // Build-time prerender only (one page at a time, read right after the render); removed from the
  // browser bundle.
  // eslint-disable-next-line react-hooks/immutability
  if (import.meta.env.SSR) serverHead.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/**
 * Wraps user text (a course title) in Unicode isolates (FSI … PDI), so an Arabic title in an English
 * tab, or the reverse, keeps its own direction and does not pull " · Open Science Courses" into it.
 */
export const isolateText = (text: string) => `\u2068${text}\u2069`;
